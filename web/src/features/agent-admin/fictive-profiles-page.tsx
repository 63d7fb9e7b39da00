import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { CreateFictiveBody, FictiveProfile, UpdateFictiveBody } from '@sync/contract/agents';
import { genders } from '@sync/contract/auth';
import { bodyTypes, ethnicities, eyeColors, hairColors, relationshipStatuses } from '@sync/contract/entities';
import { t } from '@sync/texts';
import { createFictive, deleteFictivePhoto, listBrands, listFictive, updateFictive, uploadFictivePhotos, type ListPage } from '@web/lib/agent-api';
import { ApiError } from '@web/lib/http';
import type { Brand } from '@web/lib/runtime-config';
import { Pager } from '@web/ui/pager';
import { PopupFrame } from '@web/ui/popups/popup-frame';
import { toast } from '@web/ui/toast';
import { AdminOnly } from './admin-only';
import { ErrorAlert, useSaveForm } from './save-form';

const PAGE_SIZE = 20;

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
  const [list, setList] = useState<ListPage<FictiveProfile> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [brands, setBrands] = useState<Brand[]>([]);
  const [editing, setEditing] = useState<{ profile: FictiveProfile | null } | null>(null);

  const reload = useCallback(() => {
    listFictive({ page: query.page, limit: PAGE_SIZE, ...(query.search ? { search: query.search } : {}) })
      .then((page) => {
        setList(page);
        setError(null);
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : t('agent.error')));
  }, [query]);
  useEffect(reload, [reload]);
  useEffect(() => {
    listBrands()
      .then(setBrands)
      .catch(() => setBrands([]));
  }, []);

  const pages = list ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : 1;
  return (
    <div className="ac-page">
      <div className="ac-page__head">
        <h1 className="ac-page__title">Fictive profiles</h1>
        <form
          className="ac-row"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery({ page: 1, search: search.trim() });
          }}
        >
          <input className="form-input" aria-label="Search by username" placeholder="Username…" value={search} onChange={(e) => setSearch(e.target.value)} />
          <button type="submit" className="ac-btn">
            Search
          </button>
          <button type="button" className="ac-btn ac-btn--primary" onClick={() => setEditing({ profile: null })}>
            New profile
          </button>
        </form>
      </div>
      <ErrorAlert message={error} />
      <div className="ac-card ac-table-wrap" aria-busy={list === null}>
        <table className="ac-table">
          <caption className="visually-hidden">Fictive profiles</caption>
          <thead>
            <tr>
              <th scope="col">Profile</th>
              <th scope="col">Brand</th>
              <th scope="col">Age</th>
              <th scope="col">Location</th>
              <th scope="col">Photos</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
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
                  {!p.active && <span className="ac-tag ac-tag--warn">inactive</span>} {p.isFeatured && <span className="ac-tag">featured</span>}{' '}
                  {p.isPremium && <span className="ac-tag ac-tag--vip">premium</span>}
                </td>
                <td>
                  <button type="button" className="ac-btn ac-btn--small" onClick={() => setEditing({ profile: p })} aria-label={`Edit ${p.username}`}>
                    Edit
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
            reload();
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
    <PopupFrame open onOpenChange={(open) => !open && onClose()} title={current ? `Edit ${current.username}` : 'New fictive profile'} size="lg" className="ac-dialog" ownBody>
      <form className="popup__body ac-form" onSubmit={submit}>
        <ErrorAlert message={serverError} />
        <div className="ac-grid3">
          <label className="form-field">
            <span className="form-field__label">Brand</span>
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
            <span className="form-field__label">Username</span>
            <input className="form-input" value={form.username} onChange={(e) => set('username', e.target.value)} required />
          </label>
          <Select label="Gender" value={form.gender} options={genders} onChange={(v) => set('gender', v as Form['gender'])} empty={false} />
          <label className="form-field">
            <span className="form-field__label">Birth date</span>
            <input className="form-input" type="date" value={form.birthDate} onChange={(e) => set('birthDate', e.target.value)} required />
          </label>
          <Select label="Body type" value={form.bodyType} options={bodyTypes} onChange={(v) => set('bodyType', v)} />
          <Select label="Ethnicity" value={form.ethnicity} options={ethnicities} onChange={(v) => set('ethnicity', v)} />
          <Select label="Hair colour" value={form.hairColor} options={hairColors} onChange={(v) => set('hairColor', v)} />
          <Select label="Eye colour" value={form.eyeColor} options={eyeColors} onChange={(v) => set('eyeColor', v)} />
          <label className="form-field">
            <span className="form-field__label">Height (cm)</span>
            <input className="form-input" type="number" min={120} max={230} value={form.height} onChange={(e) => set('height', e.target.value)} />
          </label>
          <Select label="Relationship" value={form.relationshipStatus} options={relationshipStatuses} onChange={(v) => set('relationshipStatus', v)} />
          <label className="form-field">
            <span className="form-field__label">Country</span>
            <input className="form-input" value={form.country} maxLength={2} onChange={(e) => set('country', e.target.value)} required />
          </label>
          <label className="form-field">
            <span className="form-field__label">City</span>
            <input className="form-input" value={form.city} onChange={(e) => set('city', e.target.value)} />
          </label>
          <label className="form-field">
            <span className="form-field__label">State</span>
            <input className="form-input" value={form.state} onChange={(e) => set('state', e.target.value)} />
          </label>
        </div>
        <label className="form-field">
          <span className="form-field__label">Interests (comma separated)</span>
          <input className="form-input" value={form.lookingFor} onChange={(e) => set('lookingFor', e.target.value)} />
        </label>
        <label className="form-field">
          <span className="form-field__label">About me</span>
          <textarea className="form-input ac-textarea" rows={2} maxLength={2000} value={form.aboutMe} onChange={(e) => set('aboutMe', e.target.value)} />
        </label>
        <div className="ac-row">
          {(
            [
              ['active', 'Active'],
              ['isFeatured', 'Featured'],
              ['isPremium', 'Premium'],
              ['matchOnLike', 'Match on like'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="ac-check">
              <input type="checkbox" checked={form[key]} onChange={(e) => set(key, e.target.checked)} /> {label}
            </label>
          ))}
        </div>
        {current && (
          <section aria-label="Photos" className="ac-fictive__photos">
            <h3 className="ac-card__title">Photos</h3>
            <ul className="ac-photos">
              {current.images.map((image) => (
                <li key={image._id}>
                  {image.small && <img src={image.small} alt={`${current.username} ${image.type}`} />}
                  <button type="button" className="ac-photos__remove" onClick={() => void removePhoto(image._id)} disabled={busy} aria-label={`Remove ${image.type} photo`}>
                    ×
                  </button>
                  {image.type === 'avatar' && <span className="ac-tag">avatar</span>}
                </li>
              ))}
            </ul>
            <div className="ac-row">
              <label className="ac-btn ac-btn--small">
                Upload avatar
                <input type="file" accept="image/jpeg,image/png" className="visually-hidden" onChange={(e) => void upload('avatar', e.target.files)} />
              </label>
              <label className="ac-btn ac-btn--small">
                Add photos
                <input type="file" accept="image/jpeg,image/png" multiple className="visually-hidden" onChange={(e) => void upload('photo', e.target.files)} />
              </label>
            </div>
          </section>
        )}
        <div className="popup__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {current ? 'Save' : 'Create profile'}
          </button>
        </div>
      </form>
    </PopupFrame>
  );
}
