/**
 * Extra panels under an item (media markers, text markers, ...). Each area adds its panel here
 * with one line; ItemCard renders every panel whose `shows` holds, below the item's blocks.
 */
import type { ComponentType } from 'react';
import type { Item, Multilist } from '@listboard/core';

export interface ItemPanelProps {
  item: Item;
  board: Multilist;
  selected: boolean;
  /** The item shows in full (not collapsed to its headline). */
  open: boolean;
}

export interface ItemPanel {
  id: string;
  shows(props: ItemPanelProps): boolean;
  Panel: ComponentType<ItemPanelProps>;
}

export const ITEM_PANELS: ItemPanel[] = [];
