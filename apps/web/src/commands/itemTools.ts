/** Captions, an item's styling, and importing an item (forms/itemTools.ts). */
import { Captions, FileInput, Globe, Palette } from 'lucide-react';
import { importItemMsg } from '@listboard/core';
import type { Command } from './registry';
import { canEdit, canInsert, needItem, needList } from './helpers';

export const ITEM_TOOL_COMMANDS: Command[] = [
  {
    id: 'caption',
    label: 'Caption',
    group: 'annotate',
    item: true,
    ops: 'note',
    icon: Captions,
    // A caption is an annotation (core/policy 'annotate'): the board's authors and editors.
    visible: (c) => !c.results && c.abilities?.annotate === true,
    run: (c) => needItem(c, () => c.actions.openForm('caption')),
  },
  {
    id: 'itemStyle',
    label: 'Item style',
    group: 'edit',
    item: true,
    ops: 'edit',
    icon: Palette,
    visible: canEdit,
    run: (c) => needItem(c, () => c.actions.openForm('itemStyle')),
  },
  {
    id: 'importItemUrl',
    label: 'Import item from a URL',
    group: 'edit',
    item: true,
    ops: 'edit',
    icon: Globe,
    visible: canInsert,
    run: (c) => needList(c, () => c.actions.openForm('importItemUrl')),
  },
  {
    id: 'importItemLbx',
    label: 'Import item from a file',
    group: 'edit',
    item: true,
    ops: 'edit',
    icon: FileInput,
    visible: canInsert,
    // The spec's import_item_lbx only says that it is a stub.
    run: (c) => c.actions.alert(importItemMsg.lbxStub),
  },
];
