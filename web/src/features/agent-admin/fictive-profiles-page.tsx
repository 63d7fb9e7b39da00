import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CreateFictiveBody, FictiveProfile, UpdateFictiveBody } from '@sync/contract/agents';
import { genders } from '@sync/contract/auth';
import { bodyTypes, ethnicities, eyeColors, hairColors, relationshipStatuses } from '@sync/contract/entities';
import { enAdmin } from '@sync/locales/en-admin';
import { addTexts, t, type TextKey } from '@sync/texts';
import { createFictive, deleteFictivePhoto, listFictive, updateFictive, uploadFictivePhotos } from '@web/lib/agent-api';
import { ApiError } from '@web/lib/http';
import { STALE } from '@web/lib/query-client';
import type { Brand } from '@web/lib/runtime-config';
import { Pager } from '@web/ui/pager';
import { PopupFrame } from '@web/ui/popups/popup-frame';
import { toast } from '@web/ui/toast';
import { AdminOnly } from './admin-only';
import { brandsQuery, listErrorText } from './admin-queries';
import { ErrorAlert, useSaveForm } from './save-form';

addTexts(enAdmin);

const PAGE_SIZE = 20;
const NO_BRANDS: Brand[] = [];

/** The list's columns, the last one (the edit button) unnamed on screen. */
const COLUMNS = ['admin.fictive.profile', 'admin.fictive.brand', 'admin.fictive.age', 'admin.fictive.location', 'admin.fictive.photos', 'admin.fictive.state-column'] as const satisfies readonly TextKey[];

interface Form {
  brandId: string;
  username: string;
  gender: (typeof genders)[number];
  birthDate: string;
  bodyType: string;
  ethnicity: string;
  hairColor: string;
  eyeColor: string;
  height: string;
  relationshipStatus: string;
  aboutMe: string;
  lookingFor: string;
  country: string;
  city: string;
  state: string;
  isFeatured: boolean;
  isPremium: boolean;
  matchOnLike: boolean;
  active: boolean;
}

const blank = (brandId: string): Form => ({
  brandId,
  username: '',
  gender: 'woman',
  birthDate: '1995-01-01',
  bodyType: '',
  ethnicity: '',
  hairColor: '',
  eyeColor: '',
  height: '',
  relationshipStatus: '',
  aboutMe: '',
  lookingFor: '',
  country: 'US',
  city: '',
  state: '',
  isFeatured: false,
  isPremium: false,
  matchOnLike: true,
  active: true,
});

const str = (v: unknown) => (typeof v === 'string' ? v : '');

const fromProfile = (p: FictiveProfile): Form => ({
  brandId: p.brandId,
  username: p.username,
  gender: p.gender,
  birthDate: p.birthDate.slice(0, 10),
  bodyType: p.bodyType ?? '',
  ethnicity: p.ethnicity ?? '',
  hairColor: p.hairColor ?? '',
  eyeColor: p.eyeColor ?? '',
  height: p.height === null ? '' : String(p.height),
  relationshipStatus: p.relationshipStatus ?? '',
  aboutMe: p.aboutMe,
  lookingFor: p.lookingFor.join(', '),
  country: str(p.location.country) || 'US',
  city: str(p.location.city),
  state: str(p.location.state),
  isFeatured: p.isFeatured,
  isPremium: p.isPremium,
  matchOnLike: p.matchOnLike,
  active: p.active,
});

const orNull = <T extends string>(v: string) => (v ? (v as T) : null);

function toBody(f: Form): CreateFictiveBody {
  return {
    brandId: f.brandId,
    username: f.username.trim(),
    gender: f.gender,
    birthDate: f.birthDate,
    bodyType: orNull(f.bodyType),
    ethnicity: orNull(f.ethnicity),
    hairColor: orNull(f.hairColor),
    eyeColor: orNull(f.eyeColor),
    height: f.height ? Number(f.height) : null,
    relationshipStatus: orNull(f.relationshipStatus),
    aboutMe: f.aboutMe.trim(),
    lookingFor: f.lookingFor
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    lookingForAgeMin: null,
    lookingForAgeMax: null,
    location: { country: f.country.trim().toUpperCase(), ...(f.city.trim() ? { city: f.city.trim() } : {}), ...(f.state.trim() ? { state: f.state.trim() } : {}) },
    isFeatured: f.isFeatured,
    isPremium: f.isPremium,
    matchOnLike: f.matchOnLike,
    active: f.active,
  } as CreateFictiveBody;
}

/** /agent/profiles (admins): the fictive profiles agents answer as — create, edit every field, brand, photos. */
export function FictiveProfilesPage() {
  return (
    <AdminOnly>
      <FictiveScreen />
    </AdminOnly>
  );
}

function FictiveScreen() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ page: 1, search: '' });
  // The page shown stays while the next page or search is read; a failed read keeps it under the server's message.
  const read = useQuery({
    queryKey: ['agent', 'admin', 'fictive', query] as const,
    queryFn: () => listFictive({ page: query.page, limit: PAGE_SIZE, ...(query.search ? { search: query.search } : {}) }),
    placeholderData: keepPreviousData,
    staleTime: STALE.live,
    gcTime: 0,
    retry: false,
  });
  const list = read.data ?? null;
  const error = listErrorText(read.error);
  const brands = useQuery(brandsQuery).data ?? NO_BRANDS;
  const [editing, setEditing] = useState<{ profile: FictiveProfile | null } | null>(null);

  const pages = list ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : 1;
  return (
    <div className="ac-page">
      <div className="ac-page__head">
        <h1 className="ac-page__title">{t('admin.fictive.title')}</h1>
        <form
          className="ac-row"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery({ page: 1, search: search.trim() });
          }}
        >
          <input className="form-input" aria-label={t('admin.fictive.search-label')} placeholder={t('admin.fictive.search-placeholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
          <button type="submit" className="ac-btn">
            {t('admin.fictive.search')}
          </button>
          <button type="button" className="ac-btn ac-btn--primary" onClick={() => setEditing({ profile: null })}>
            {t('admin.fictive.new')}
          </button>
        </form>
      </div>
      <ErrorAlert message={error} />
      <div className="ac-card ac-table-wrap" aria-busy={list === null}>
        <table className="ac-table">
          <caption className="visually-hidden">{t('admin.fictive.title')}</caption>
          <thead>
            <tr>
              {COLUMNS.map((key) => (
                <th key={key} scope="col">
                  {t(key)}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('admin.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list?.data.map((p) => (
              <tr key={p._id}>
                <th scope="row">
                  <span className="ac-fictive__who">
                    {p.images[0]?.small && <img src={p.images[0].small} alt="" width={32} height={32} />}
                    {p.username}
                  </span>
                </th>
                <td>{p.domain}</td>
                <td>{p.age}</td>
                <td>{[str(p.location.city), str(p.location.country)].filter(Boolean).join(', ') || '—'}</td>
                <td className="num">{p.images.length}</td>
                <td>
                  {!p.active && <span className="ac-tag ac-tag--warn">{t('admin.tag-inactive')}</span>} {p.isFeatured && <span className="ac-tag">{t('admin.fictive.tag-featured')}</span>}{' '}
                  {p.isPremium && <span className="ac-tag ac-tag--vip">{t('admin.fictive.tag-premium')}</span>}
                </td>
                <td>
                  <button type="button" className="ac-btn ac-btn--small" onClick={() => setEditing({ profile: p })} aria-label={t('admin.edit-named', { name: p.username })}>
                    {t('admin.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={query.page} pages={pages} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
      {editing && (
        <FictiveDialog
          profile={editing.profile}
          brands={brands}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            void read.refetch();
            // A new profile stays open so its photos can be added next.
            setEditing(saved ? { profile: saved } : null);
          }}
        />
      )}
    </div>
  );
}

function Select({ label, value, options, onChange, empty = true }: { label: string; value: string; options: readonly string[]; onChange: (v: string) => void; empty?: boolean }) {
  return (
    <label className="form-field">
      <span className="form-field__label">{label}</span>
      <select className="form-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {empty && <option value="">—</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

function FictiveDialog({ profile, brands, onClose, onSaved }: { profile: FictiveProfile | null; brands: Brand[]; onClose: () => void; onSaved: (created: FictiveProfile | null) => void }) {
  const [current, setCurrent] = useState(profile);
  const [form, setForm] = useState<Form>(profile ? fromProfile(profile) : blank(brands[0]?._id ?? ''));
  const { busy, setBusy, serverError, save } = useSaveForm();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const brandOptions = brands.length > 0 ? brands : current ? [{ _id: current.brandId, domain: current.domain }] : [];
  // The brand list can still be loading when a new profile's dialog opens, so the brand is not fixed at mount:
  // until the admin picks one it is the first brand offered, and the brand the select shows is the one sent.
  const brandId = form.brandId || brandOptions[0]?._id || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(async () => {
      const body = toBody({ ...form, brandId });
      const saved = current ? await updateFictive(current._id, body as UpdateFictiveBody) : await createFictive(body);
      toast.success(t('agent.fictive-saved'));
      setCurrent(saved);
      onSaved(current ? null : saved);
    });
  };

  const upload = async (type: 'avatar' | 'photo', files: FileList | null) => {
    if (!current || !files || files.length === 0) return;
    setBusy(true);
    try {
      setCurrent(await uploadFictivePhotos(current._id, type, [...files]));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('image-uploader.failed'), { duration: 6000 });
    } finally {
      setBusy(false);
    }
  };

  const removePhoto = async (imageId: string) => {
    if (!current) return;
    setBusy(true);
    try {
      setCurrent(await deleteFictivePhoto(current._id, imageId));
    } catch {
      toast.error(t('profile-edit.delete-error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PopupFrame open onOpenChange={(open) => !open && onClose()} title={current ? t('admin.edit-named', { name: current.username }) : t('admin.fictive.new-title')} size="lg" className="ac-dialog" ownBody>
      <form className="popup__body ac-form" onSubmit={submit}>
        <ErrorAlert message={serverError} />
        <div className="ac-grid3">
          <label className="form-field">
            <span className="form-field__label">{t('admin.fictive.brand')}</span>
            <select className="form-input" value={brandId} onChange={(e) => set('brandId', e.target.value)} required>
              {brandOptions.length === 0 && <option value="">—</option>}
              {brandOptions.map((b) => (
                <option key={b._id} value={b._id}>
                  {b.domain}
                </option>
              ))}
            </select>
          </label>
          <label className="form-field">
            <span className="form-field__label">{t('admin.fictive.username')}</span>
            <input className="form-input" value={form.username} onChange={(e) => set('username', e.target.value)} required />
          </label>
          <Select label={t('admin.fictive.gender')} value={form.gender} options={genders} onChange={(v) => set('gender', v as Form['gender'])} empty={false} />
          <label className="form-field">
            <span className="form-field__label">{t('admin.fictive.birth-date')}</span>
            <input className="form-input" type="date" value={form.birthDate} onChange={(e) => set('birthDate', e.target.value)} required />
          </label>
          <Select label={t('admin.fictive.body-type')} value={form.bodyType} options={bodyTypes} onChange={(v) => set('bodyType', v)} />
          <Select label={t('admin.fictive.ethnicity')} value={form.ethnicity} options={ethnicities} onChange={(v) => set('ethnicity', v)} />
          <Select label={t('admin.fictive.hair-colour')} value={form.hairColor} options={hairColors} onChange={(v) => set('hairColor', v)} />
          <Select label={t('admin.fictive.eye-colour')} value={form.eyeColor} options={eyeColors} onChange={(v) => set('eyeColor', v)} />
          <label className="form-field">
            <span className="form-field__label">{t('admin.fictive.height')}</span>
            <input className="form-input" type="number" min={120} max={230} value={form.height} onChange={(e) => set('height', e.target.value)} />
          </label>
          <Select label={t('admin.fictive.relationship')} value={form.relationshipStatus} options={relationshipStatuses} onChange={(v) => set('relationshipStatus', v)} />
          <label className="form-field">
            <span className="form-field__label">{t('admin.fictive.country')}</span>
            <input className="form-input" value={form.country} maxLength={2} onChange={(e) => set('country', e.target.value)} required />
          </label>
          <label className="form-field">
            <span className="form-field__label">{t('admin.fictive.city')}</span>
            <input className="form-input" value={form.city} onChange={(e) => set('city', e.target.value)} />
          </label>
          <label className="form-field">
            <span className="form-field__label">{t('admin.fictive.state')}</span>
            <input className="form-input" value={form.state} onChange={(e) => set('state', e.target.value)} />
          </label>
        </div>
        <label className="form-field">
          <span className="form-field__label">{t('admin.fictive.interests')}</span>
          <input className="form-input" value={form.lookingFor} onChange={(e) => set('lookingFor', e.target.value)} />
        </label>
        <label className="form-field">
          <span className="form-field__label">{t('admin.fictive.about-me')}</span>
          <textarea className="form-input ac-textarea" rows={2} maxLength={2000} value={form.aboutMe} onChange={(e) => set('aboutMe', e.target.value)} />
        </label>
        <div className="ac-row">
          {(
            [
              ['active', 'admin.fictive.active'],
              ['isFeatured', 'admin.fictive.featured'],
              ['isPremium', 'admin.fictive.premium'],
              ['matchOnLike', 'admin.fictive.match-on-like'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="ac-check">
              <input type="checkbox" checked={form[key]} onChange={(e) => set(key, e.target.checked)} /> {t(label)}
            </label>
          ))}
        </div>
        {current && (
          <section aria-label={t('admin.fictive.photos')} className="ac-fictive__photos">
            <h3 className="ac-card__title">{t('admin.fictive.photos')}</h3>
            <ul className="ac-photos">
              {current.images.map((image) => (
                <li key={image._id}>
                  {image.small && <img src={image.small} alt={t(image.type === 'avatar' ? 'admin.fictive.avatar-alt' : 'admin.fictive.photo-alt', { username: current.username })} />}
                  <button type="button" className="ac-photos__remove" onClick={() => void removePhoto(image._id)} disabled={busy} aria-label={t(image.type === 'avatar' ? 'admin.fictive.remove-avatar' : 'admin.fictive.remove-photo')}>
                    ×
                  </button>
                  {image.type === 'avatar' && <span className="ac-tag">{t('admin.tag-avatar')}</span>}
                </li>
              ))}
            </ul>
            <div className="ac-row">
              <label className="ac-btn ac-btn--small">
                {t('admin.fictive.upload-avatar')}
                <input type="file" accept="image/jpeg,image/png" className="visually-hidden" onChange={(e) => void upload('avatar', e.target.files)} />
              </label>
              <label className="ac-btn ac-btn--small">
                {t('admin.fictive.add-photos')}
                <input type="file" accept="image/jpeg,image/png" multiple className="visually-hidden" onChange={(e) => void upload('photo', e.target.files)} />
              </label>
            </div>
          </section>
        )}
        <div className="popup__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('admin.close')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {current ? t('admin.save') : t('admin.fictive.create')}
          </button>
        </div>
      </form>
    </PopupFrame>
  );
}
