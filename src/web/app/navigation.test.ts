import { describe, expect, it } from 'vitest';
import { navigation, visibleNavigation } from './navigation';

const labels = (role: string) => visibleNavigation(role).map((i) => i.label);
const MANAGER_LINKS = ['Yearbook Admin', 'Stories Admin'];
const ADMIN_LINKS = ['Settings', 'Activity Log'];

describe('visibleNavigation', () => {
  it('shows every area to every account, staff or not', () => {
    for (const role of ['user', 'student', 'program_officer']) {
      expect(labels(role)).toEqual(
        navigation.map((i) => i.label).filter((label) => ![...MANAGER_LINKS, ...ADMIN_LINKS].includes(label)),
      );
      expect(labels(role)).toContain('Students');
      expect(labels(role)).toContain('User Management');
    }
  });

  it('shows Yearbook Admin and Stories Admin to deputy managers and admins only', () => {
    expect(labels('deputy_manager')).toEqual(
      navigation.map((i) => i.label).filter((label) => !ADMIN_LINKS.includes(label)),
    );
    for (const role of ['user', 'student', 'program_officer'])
      for (const link of MANAGER_LINKS) expect(labels(role)).not.toContain(link);
  });

  it('shows Settings and the Activity Log to admins only (the pages they open), who see every link', () => {
    expect(labels('admin')).toEqual(navigation.map((i) => i.label));
    for (const role of ['user', 'student', 'program_officer', 'deputy_manager'])
      for (const link of ADMIN_LINKS) expect(labels(role)).not.toContain(link);
  });

  it('lists every signed-in area once: the 18 of the product, Payment Batches and the Activity Log', () => {
    const paths = navigation.map((i) => i.to);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(20);
  });
});
