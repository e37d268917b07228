import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { must } from '@listboard/core';
import 'highlight.js/styles/github.css';
import './styles.css';
import { App } from './App';
import { useUi } from './state/ui';

// Set before the first paint, so a dark theme never flashes light.
document.documentElement.dataset.theme = useUi.getState().theme;

createRoot(must(document.getElementById('root'), 'the #root element')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
