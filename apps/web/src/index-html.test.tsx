import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import html from '../index.html?raw';
import { LoadingScreen } from './StartScreen';

// index.html carries the loading screen as static markup, so a phone on a slow network sees it
// while the script is still on its way; it must be the screen React shows after it.
it('index.html shows the same loading screen as the app before its script has arrived', () => {
  const page = new DOMParser().parseFromString(html, 'text/html');
  const { container } = render(<LoadingScreen />);
  const root = page.getElementById('root');
  // Prettier lays the markup out on lines; the spaces between tags are all it may add.
  const tight = (markup = '') => markup.replace(/>\s+</g, '><').trim();
  expect(tight(root?.innerHTML)).toBe(container.innerHTML);
  expect(root?.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe(
    'Loading Listboard',
  );
});
