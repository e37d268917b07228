import { create } from 'zustand';
import { TIMINGS } from '@listboard/core';

interface Alert {
  id: number;
  text: string;
}
interface AlertState {
  alerts: Alert[];
  /** Shows a message in the alert bar; it goes away by itself (3000 ms unless told otherwise). */
  show: (text: string, ms?: number) => void;
  dismiss: (id: number) => void;
}

let next = 1;
export const useAlerts = create<AlertState>((set, get) => ({
  alerts: [],
  show(text, ms = TIMINGS.alertMs) {
    const id = next++;
    set({ alerts: [...get().alerts.filter((a) => a.text !== text), { id, text }] });
    setTimeout(() => get().dismiss(id), ms);
  },
  dismiss(id) {
    set({ alerts: get().alerts.filter((a) => a.id !== id) });
  },
}));
