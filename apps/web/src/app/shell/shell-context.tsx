import type { CourseRole } from '@pw/contract';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

type ShellState = {
  /** The role of the side navigation: learner (blue) by default, otherwise purple. */
  sideRole: CourseRole;
  setSideRole: (role: CourseRole) => void;
  isWide: boolean;
  setWide: (wide: boolean) => void;
  /** The current course's name for the phone top bar; null shows the logo. */
  courseName: string | null;
  setCourseName: (name: string | null) => void;
};

const ShellContext = createContext<ShellState | null>(null);

/** Layout state of the signed-in shell (app state `settings.isWideSidebar` of part 1 §3). */
export function ShellProvider({ children }: { children: ReactNode }) {
  const [sideRole, setSideRole] = useState<CourseRole>('learner');
  const [isWide, setWide] = useState(true);
  const [courseName, setCourseName] = useState<string | null>(null);
  const value = useMemo(
    () => ({ sideRole, setSideRole, isWide, setWide, courseName, setCourseName }),
    [sideRole, isWide, courseName],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellState {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell outside ShellProvider');
  return value;
}

/** Side menu colours: blue for the learner side, purple otherwise. */
export const MENU_COLORS = { learner: '#1c6fd6', other: '#6741d9' } as const;
export function menuColor(role: CourseRole) {
  return role === 'learner' ? MENU_COLORS.learner : MENU_COLORS.other;
}
