import { describe, expect, it, vi } from 'vitest';
import { helpAddress, showsHelp, toggleHelp, withoutHelp } from './help';

describe('help board address', () => {
  it('chains the help board onto the boards on screen', () => {
    expect(helpAddress('/author/course', '', 'admin')).toBe('/author/course;admin/help');
    expect(helpAddress('/admin/home', '', 'admin')).toBe('/admin/home;help');
  });

  it('opens the help board alone from a named page or a search', () => {
    expect(helpAddress('/reader/home', '?code=profile', 'admin')).toBe('/admin/help');
    expect(helpAddress('/', '', 'admin')).toBe('/admin/help');
  });

  it('belongs to the admin user', () => {
    expect(showsHelp('/author/course;admin/help', 'admin')).toBe(true);
    expect(showsHelp('/author/help', 'admin')).toBe(false);
    expect(helpAddress('/author/course', '', 'root')).toBe('/author/course;root/help');
  });

  it('knows where it was opened from', () => {
    expect(withoutHelp('/author/course;admin/help', 'admin')).toBe('/author/course');
    expect(withoutHelp('/admin/help', 'admin')).toBeNull();
  });
});

describe('the help button', () => {
  const at = (pathname: string, search = '') => ({ pathname, search }) as Location;

  it('opens help, and pressing it again goes back', () => {
    const nav = { navigate: vi.fn(), back: vi.fn() };
    toggleHelp(nav, 'admin', at('/author/course'));
    expect(nav.navigate).toHaveBeenCalledWith('/author/course;admin/help');
    toggleHelp(nav, 'admin', at('/author/course;admin/help'));
    expect(nav.back).toHaveBeenCalledTimes(1);
  });

  it('closes a help board reached another way by leaving it out, not by going back', () => {
    const nav = { navigate: vi.fn(), back: vi.fn() };
    toggleHelp(nav, 'admin', at('/admin/home;help'));
    expect(nav.back).not.toHaveBeenCalled();
    expect(nav.navigate).toHaveBeenCalledWith('/admin/home');
  });
});
