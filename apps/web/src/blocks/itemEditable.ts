import { createContext } from 'react';

/**
 * Whether the one looking may edit the item a block is in (its card provides it): a block keeps
 * a setting of its own on the server (a player's Trim) only for them.
 */
export const ItemEditable = createContext(false);
