import type { ReactElement } from 'react';
import type { Block } from '@listboard/core';

/** Every block renderer has this shape, so the registry can hold any of them. */
export type BlockRenderer = (props: { block: Block }) => ReactElement | null;
