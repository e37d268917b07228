import { afterAll } from 'vitest';
import { closeChromium } from './browser';

// Each test file's Chromium ends with the file.
afterAll(closeChromium);
