import { createContext, useContext } from 'react';

/** The board's zoom step, for renderers whose size follows it (PDF scale steps). */
export const ZoomContext = createContext(2);
export const useZoom = () => useContext(ZoomContext);
