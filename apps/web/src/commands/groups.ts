/**
 * The toolbar's groups, in order: each is a labelled menu holding all of its commands, with the
 * group's most used commands as buttons beside it.
 */
import {
  CircleHelp,
  Compass,
  Eye,
  MessageSquareText,
  Shield,
  SquarePen,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { CommandGroup } from './registry';

export interface GroupInfo {
  id: CommandGroup;
  label: string;
  icon: LucideIcon;
}

export const GROUPS: GroupInfo[] = [
  { id: 'navigate', label: 'Navigate', icon: Compass },
  { id: 'view', label: 'View', icon: Eye },
  { id: 'edit', label: 'Edit', icon: SquarePen },
  { id: 'annotate', label: 'Annotate', icon: MessageSquareText },
  { id: 'help', label: 'Help', icon: CircleHelp },
  { id: 'admin', label: 'Admin', icon: Shield },
  { id: 'account', label: 'Account', icon: UserRound },
];
