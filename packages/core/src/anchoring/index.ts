/**
 * A note on selected text: its selectors (./selectors) and finding its words again after the
 * item is edited (./anchor).
 */
export * from './selectors';
export * from './anchor';
export * from './messages';
export * from './note-link';
export * from './web-annotation';
