import { create } from 'zustand';

/** The account the admin chose on the users page, for the forms that act on it. */
export const useAdminPick = create<{ username: string | null; pick: (username: string) => void }>(
  (set) => ({ username: null, pick: (username) => set({ username }) }),
);
