import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Location } from '@sync/contract/entities';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { STALE } from '@web/lib/query-client';
import { useDebounced } from '@web/lib/use-debounced';
import type { FieldControlProps } from '@web/ui/forms/form-field';
import { fetchLocations, type LocationLists } from './account-api';

addTexts(enMember);

const MAX_OPTIONS = 8;
const DEBOUNCE_MS = 250;
const NO_OPTIONS: Location[] = [];

/** By city name (prefix first, then contains), or by zip code when the text is digits (docs/api.md#endpoints zipCode). */
export function locationOptions(lists: LocationLists, text: string): Location[] {
  const query = text.trim().toLowerCase();
  if (!query) return [];
  if (/^\d/.test(query)) {
    const seen = new Set<string>();
    return lists.by_zip
      .filter((row) => row.zip.startsWith(query))
      .filter((row) => (seen.has(row.zip) ? false : (seen.add(row.zip), true)))
      .slice(0, MAX_OPTIONS)
      .map((row) => ({ city: row.city ?? '', state: row.state, zip: row.zip }));
  }
  const seen = new Set<string>();
  const unique = lists.by_city.filter((row) => {
    const key = `${row.city}|${row.state}`.toLowerCase();
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const starts = unique.filter((row) => row.city.toLowerCase().startsWith(query));
  const contains = unique.filter((row) => !row.city.toLowerCase().startsWith(query) && row.city.toLowerCase().includes(query));
  return [...starts, ...contains].slice(0, MAX_OPTIONS).map((row) => ({ city: row.city, state: row.state }));
}

export const locationLabel = (location: Location | null | undefined) =>
  location?.city ? `${location.city}, ${location.state}${location.zip ? ` ${location.zip}` : ''}` : location?.zip ? `${location.zip}, ${location.state}` : '';

export interface CitySearchProps {
  country: string;
  value: Location | null;
  onChange: (location: Location | null) => void;
  control: FieldControlProps;
}

/** The country's whole city list, read once and kept: a city search filters it as the member types. */
const cityListQuery = (country: string) =>
  queryOptions({
    queryKey: ['account', 'city-list', country.toUpperCase()] as const,
    queryFn: ({ signal }) => fetchLocations(country, undefined, signal),
    staleTime: STALE.reference,
  });

/** A combobox over GET /api/json/{country}.json: type a city or a zip code, pick with arrows and Enter. */
export function CitySearch({ country, value, onChange, control }: CitySearchProps) {
  const [text, setText] = useState(locationLabel(value));
  const [open, setOpen] = useState(false);
  // The highlighted option, for the options it was picked in: new options start with none.
  const [picked, setPicked] = useState<{ options: Location[]; index: number } | null>(null);
  const listId = useId();
  const queryClient = useQueryClient();

  useEffect(() => setText(locationLabel(value)), [value]);

  const query = text.trim();
  const searching = open && query.length >= 2 && query !== locationLabel(value);
  const term = useDebounced(query, DEBOUNCE_MS);
  const places = useQuery({
    queryKey: ['account', 'places', country.toUpperCase(), term] as const,
    // The city list is fetched once per country; zip lookups ask the API with the prefix.
    queryFn: async ({ signal }) => locationOptions(/^\d/.test(term) ? await fetchLocations(country, term, signal) : await queryClient.ensureQueryData(cityListQuery(country)), term),
    // Asked once the member stops typing; the last term's options stay while the next term's are read.
    enabled: searching && term === query,
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => (searching && places.data) || NO_OPTIONS, [searching, places.data]);
  const active = picked?.options === options ? picked.index : -1;
  const setActive = (index: (current: number) => number) => setPicked((p) => ({ options, index: index(p?.options === options ? p.index : -1) }));

  const choose = (location: Location) => {
    onChange(location);
    setText(locationLabel(location));
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const expanded = open && options.length > 0;
  return (
    <div className="city-search">
      <input
        {...control}
        className="form-input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={t('member.account.city-placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          if (!event.target.value.trim()) onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <ul id={listId} role="listbox" className="city-search__options" hidden={!expanded} aria-label={t('member.account.matching-places')}>
        {options.map((option, index) => (
          <li
            key={`${option.city}-${option.state}-${option.zip ?? ''}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'is-active' : undefined}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            {locationLabel(option)}
          </li>
        ))}
      </ul>
    </div>
  );
}
