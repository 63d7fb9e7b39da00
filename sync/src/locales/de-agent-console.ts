import type { enAgentConsole } from './en-agent-console.js';

/** German texts of the agent console's work screens (en-agent-console.ts), spread into de.ts. */
export const deAgentConsole = {
  'agent-console.member': 'Mitglied',
  'agent-console.profile': 'Profil',
  'agent-console.agent': 'Agent',
  'agent-console.domain': 'Domain',
  'agent-console.lookup-title': 'Unterhaltungen suchen',
  'agent-console.lookup-filters': 'Suchfilter',
  'agent-console.sent-after': 'Gesendet nach',
  'agent-console.sent-before': 'Gesendet vor',
  'agent-console.sort': 'Sortierung',
  'agent-console.newest-first': 'Neueste zuerst',
  'agent-console.oldest-first': 'Älteste zuerst',
  'agent-console.per-page': 'Pro Seite',
  'agent-console.search': 'Suchen',
  'agent-console.clear': 'Zurücksetzen',
  'agent-console.conversations-found': 'Gefundene Unterhaltungen',
  'agent-console.last-message': 'Letzte Nachricht',
  'agent-console.state': 'Status',
  'agent-console.no-lookup-match': 'Keine Unterhaltung passt zu diesen Filtern.',
  'agent-console.image-placeholder': '[Bild]',
  'agent-console.claimed': 'übernommen',
  'agent-console.conversations-total': ' · {count} Unterhaltungen',
  'agent-console.claimed-by': 'Übernommen von {agent} · noch {time}',
  'agent-console.an-agent': 'einem Agenten',
  'agent-console.back-to-lookup': '← Zurück zur Suche',
} as const satisfies Record<keyof typeof enAgentConsole, string>;
