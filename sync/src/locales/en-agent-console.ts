/**
 * English texts of one area: the agent console's work screens (web/src/features/agent-console).
 * Data only, like en.ts; the module that shows them adds them to the catalogue (`addTexts`), so they travel in that
 * module's chunk instead of the first bundle (docs/decisions/0045).
 */
export const enAgentConsole = {
  'agent-console.member': 'Member',
  'agent-console.profile': 'Profile',
  'agent-console.agent': 'Agent',
  'agent-console.domain': 'Domain',
  'agent-console.lookup-title': 'Conversation lookup',
  'agent-console.lookup-filters': 'Lookup filters',
  'agent-console.sent-after': 'Sent after',
  'agent-console.sent-before': 'Sent before',
  'agent-console.sort': 'Sort',
  'agent-console.newest-first': 'Newest first',
  'agent-console.oldest-first': 'Oldest first',
  'agent-console.per-page': 'Per page',
  'agent-console.search': 'Search',
  'agent-console.clear': 'Clear',
  'agent-console.conversations-found': 'Conversations found',
  'agent-console.last-message': 'Last message',
  'agent-console.state': 'State',
  'agent-console.no-lookup-match': 'No conversation matches these filters.',
  'agent-console.image-placeholder': '[image]',
  'agent-console.claimed': 'claimed',
  'agent-console.conversations-total': ' · {count} conversations',
  'agent-console.claimed-by': 'Claimed by {agent} · {time} left',
  'agent-console.an-agent': 'an agent',
  'agent-console.back-to-lookup': '← Back to lookup',
} as const satisfies Record<string, string>;
