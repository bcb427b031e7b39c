/**
 * Editing conflicts in the admin's stores, against the real API handlers (in process, Netlify's local Blobs server): a
 * save is made from the version the form was filled from, a save that met a newer version leaves the form's work
 * alone and offers the stored version (to save over, or to take), and the publish toggle sends only the flag.
 */
import { describe, expect, it } from 'vitest';
import { API } from '../../lib/api-messages.ts';
import { formatIst } from '../../lib/ist.ts';
import { SITE_SETTINGS_SEED } from '../../lib/site-settings.ts';
import { until, signedInAdminPerTest } from '../../../tests/support/admin-browser.ts';
import { CONTENT_SCREENS } from '../content-screens.ts';
import { createContentStore, versionOf, type ContentItem } from './content-store.ts';
import { createSettingsStore } from './settings-store.ts';

const admin = signedInAdminPerTest();
const courses = CONTENT_SCREENS.homeCourse;

const stored = async (id: string) => admin.api.repository.get(courses.family.key, id);

async function addCourse(title: string): Promise<ContentItem> {
  const store = createContentStore(courses);
  await store.load();
  expect(await store.save({ id: null, fields: { title, description: 'first' }, file: null })).toEqual({
    ok: true,
  });
  const list = await until(store.$list, (state) => state.items.some((item) => item.title === title));
  return list.items.find((item) => item.title === title)!;
}

describe('two people editing one item', () => {
  it('the second save is refused, keeps nothing of it, and offers the version that won', async () => {
    const item = await addCourse(`Conflict ${Date.now()}`);
    const phone = createContentStore(courses);
    const desktop = createContentStore(courses);
    await Promise.all([phone.load(), desktop.load()]);
    phone.startEdit(item);
    desktop.startEdit(item);

    const fromPhone = { title: item.title, description: 'from the phone' };
    expect(
      await phone.save({ id: item._id, fields: fromPhone, file: null, version: versionOf(item) }),
    ).toEqual({
      ok: true,
    });
    const afterPhone = await stored(item._id);

    const fromDesktop = { title: item.title, description: 'from the desktop' };
    const refused = await desktop.save({
      id: item._id,
      fields: fromDesktop,
      file: null,
      version: versionOf(item),
    });
    expect(refused).toEqual({ ok: false, fieldErrors: {} });
    expect(await stored(item._id)).toEqual(afterPhone);
    expect(desktop.$notice.get()).toBeNull();
    expect(desktop.$editing.get()?._id).toBe(item._id);
    const conflict = desktop.$conflict.get();
    expect(conflict).toMatchObject({ id: item._id, theirs: { description: 'from the phone', version: 1 } });
    const who = afterPhone?.updatedBy as { name: string };
    expect(conflict?.message).toBe(API.staleWrite(who.name, formatIst(afterPhone!.updatedAt)));
    expect(admin.browser.sent).toContain(`GET ${courses.family.path}/${item._id}?drafts=1`);

    // "Save my version": made over the version that won, so it lands.
    expect(
      await desktop.save({
        id: item._id,
        fields: fromDesktop,
        file: null,
        version: versionOf(conflict!.theirs),
      }),
    ).toEqual({ ok: true });
    expect(desktop.$conflict.get()).toBeNull();
    expect(await stored(item._id)).toMatchObject({ description: 'from the desktop', version: 2 });
    // The History says who saved each version, the first one (its creation) included.
    expect((await desktop.revisions(item._id)).map((revision) => revision.savedBy)).toEqual([
      who.name,
      who.name,
      who.name,
    ]);
  });

  it('"discard mine" puts the stored version in the form, and the next save is made from it', async () => {
    const item = await addCourse(`Discard ${Date.now()}`);
    const phone = createContentStore(courses);
    const desktop = createContentStore(courses);
    await Promise.all([phone.load(), desktop.load()]);
    await phone.save({
      id: item._id,
      fields: { title: item.title, description: 'phone' },
      file: null,
      version: 0,
    });
    desktop.startEdit(item);
    await desktop.save({
      id: item._id,
      fields: { title: item.title, description: 'desk' },
      file: null,
      version: 0,
    });
    desktop.takeTheirs();
    expect(desktop.$conflict.get()).toBeNull();
    expect(desktop.$editing.get()).toMatchObject({ description: 'phone', version: 1 });
    expect((await stored(item._id))?.description).toBe('phone');
  });

  it('publishing sends only the flag, so a colleague’s newer edit stays', async () => {
    const item = await addCourse(`Toggle ${Date.now()}`);
    const desktop = createContentStore(courses);
    await desktop.load();
    const loaded = desktop.$list.get().items.find((candidate) => candidate._id === item._id)!;
    const phone = createContentStore(courses);
    await phone.save({ id: item._id, fields: { title: item.title, description: 'newer' }, file: null });

    expect(await desktop.setPublished(loaded, false)).toBe(true);
    expect(await stored(item._id)).toMatchObject({ description: 'newer', published: false });
  });
});

describe('two people editing the site settings', () => {
  it('a save from older settings is refused and offers the stored ones; taking them fills the form', async () => {
    const phone = createSettingsStore();
    const desktop = createSettingsStore();
    await Promise.all([phone.load(), desktop.load()]);
    expect(desktop.$state.get()).toMatchObject({ status: 'ready', version: 0 });

    expect(await phone.save({ ...SITE_SETTINGS_SEED, phone: '+91 90000 00001' }, 0)).toBe(true);
    expect(phone.$state.get()).toMatchObject({ version: 1 });
    expect(await desktop.save({ ...SITE_SETTINGS_SEED, phone: '+91 90000 00002' }, 0)).toBe(false);
    expect(desktop.$conflict.get()).toMatchObject({ version: 1, theirs: { phone: '+91 90000 00001' } });
    expect(desktop.$conflict.get()?.message).toMatch(/ saved a newer version at .* IST/);

    desktop.takeTheirs();
    expect(desktop.$state.get()).toMatchObject({ version: 1, settings: { phone: '+91 90000 00001' } });
    expect(await desktop.save({ ...SITE_SETTINGS_SEED, phone: '+91 90000 00003' }, 1)).toBe(true);
    expect(desktop.$state.get()).toMatchObject({ version: 2, settings: { phone: '+91 90000 00003' } });
  });
});
