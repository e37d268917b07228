import type { CSSProperties } from 'react';
import { FONT_SIZE_NAMES, own } from '@listboard/core';

/** The spec's item colour names, as colours that read on both light and dark themes. */
const NAMED: Record<string, string> = {
  grey: '#8a94a0',
  white: '#ffffff',
  black: '#1d2733',
  yellow: '#fff3b0',
  red: '#f8c9c4',
  blue: '#c9dcf5',
  sky: '#d6f0fb',
  orange: '#ffdcb3',
  green: '#cdebc8',
  mauve: '#e3d3ee',
  blank: 'transparent',
};

const colour = (v: unknown) => (typeof v === 'string' ? (own(NAMED, v) ?? v) : undefined);
const size = (v: unknown) =>
  typeof v === 'number' ? `${v}px` : typeof v === 'string' ? v : undefined;

/** An item's format fields (spec section 3) as inline style. */
export function formatStyle(format: Record<string, string | number>): CSSProperties {
  const style: CSSProperties = {};
  const bg = colour(format.bgcolor ?? format.color);
  if (bg) style.background = bg;
  const fg = colour(format.textColor ?? format.fgcolor);
  if (fg) style.color = fg;
  else if (bg && bg !== 'transparent') style.color = '#1d2733';
  if (typeof format.fontName === 'string') style.fontFamily = format.fontName;
  if (format.fontWeight !== undefined) style.fontWeight = format.fontWeight;
  if (typeof format.fontStyle === 'string') style.fontStyle = format.fontStyle;
  const named =
    typeof format.fontSizeName === 'string'
      ? FONT_SIZE_NAMES[format.fontSizeName as keyof typeof FONT_SIZE_NAMES]
      : undefined;
  const fontSize = named ?? size(format.fontSize);
  if (fontSize) style.fontSize = fontSize;
  if (format.lineHeight !== undefined) style.lineHeight = format.lineHeight;
  const padding = size(format.padding);
  if (padding) style.padding = padding;
  if (typeof format.textAlign === 'string')
    style.textAlign = format.textAlign as CSSProperties['textAlign'];
  const height = size(format.height);
  if (height) {
    style.height = height;
    style.overflow = 'auto';
  }
  return style;
}
