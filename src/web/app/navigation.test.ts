import { describe, expect, it } from 'vitest';
import { navigation, visibleNavigation } from './navigation';

const labels = (role: string) => visibleNavigation(role).map((i) => i.label);
const ADMIN_ONLY_LINKS = ['Yearbook Admin', 'Stories Admin', 'Settings'];

describe('visibleNavigation', () => {
  it('shows every area to every account, staff or not', () => {
    for (const role of ['user', 'student', 'program_officer']) {
      expect(labels(role)).toEqual(
        navigation.map((i) => i.label).filter((label) => !ADMIN_ONLY_LINKS.includes(label)),
      );
      expect(labels(role)).toContain('Students');
      expect(labels(role)).toContain('User Management');
    }
  });

  it('shows Yearbook Admin, Stories Admin and Settings to deputy managers and admins only', () => {
    for (const role of ['deputy_manager', 'admin'])
      expect(labels(role)).toEqual(navigation.map((i) => i.label));
    for (const role of ['user', 'student', 'program_officer'])
      for (const link of ADMIN_ONLY_LINKS) expect(labels(role)).not.toContain(link);
  });

  it('lists every signed-in area once', () => {
    const paths = navigation.map((i) => i.to);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(18);
  });
});
