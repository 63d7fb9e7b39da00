import { describe, expect, it } from 'vitest';
import type { RoutePreloadTable } from '@sync/route-preloads';
import { routePageMatcher, withRoutePreloads } from './web-route-preloads.js';

const one = (file: string) => ({ js: [`/assets/${file}.js`], css: [] });

/** The shapes of the app's route tree (web/src/routes): pathless layouts, index routes, params, optional params. */
const table: RoutePreloadTable = {
  '/_home': one('home-layout'),
  '/_home/': one('landing'),
  '/_signin': one('signin-layout'),
  '/_signin/sign-in': { js: ['/assets/sign-in.js', '/assets/shared.js'], css: ['/assets/forms.css'] },
  '/_signin/agent/sign-in': one('agent-sign-in'),
  '/_auth': { js: ['/assets/member-frame.js', '/assets/shared.js'], css: ['/assets/frame.css'] },
  '/_auth/messages': one('messages-layout'),
  '/_auth/messages/': one('messages-index'),
  '/_auth/messages/inbox': one('inbox'),
  '/_auth/messages/chat/$conversationId': one('chat'),
  '/_auth/interests': one('interests-layout'),
  '/_auth/interests/favorites/{-$page}': one('favorites'),
  '/_auth/profile/$id': one('profile'),
  '/_auth/profiles': one('profiles'),
};
const match = routePageMatcher(table);

describe('which route a URL opens, and its files', () => {
  it('a pathless layout and an index route: / is the landing page under its layout', () => {
    expect(match('/')).toEqual({ routeId: '/_home/', preload: { js: ['/assets/home-layout.js', '/assets/landing.js'], css: [] } });
  });

  it('files shared by a layout and its route are named once, the layout first', () => {
    expect(match('/sign-in').preload).toEqual({ js: ['/assets/signin-layout.js', '/assets/sign-in.js', '/assets/shared.js'], css: ['/assets/forms.css'] });
    expect(match('/agent/sign-in').routeId).toBe('/_signin/agent/sign-in');
  });

  it('nested layouts, params and optional params', () => {
    expect(match('/messages/chat/0b6c9b3e-1d2f-4a5b-8c7d-9e0f1a2b3c4d').preload.js).toEqual(['/assets/member-frame.js', '/assets/shared.js', '/assets/messages-layout.js', '/assets/chat.js']);
    expect(match('/messages').routeId).toBe('/_auth/messages/');
    expect(match('/messages/').routeId).toBe('/_auth/messages/');
    expect(match('/messages/inbox').routeId).toBe('/_auth/messages/inbox');
    expect(match('/interests/favorites').routeId).toBe('/_auth/interests/favorites/{-$page}');
    expect(match('/interests/favorites/3').routeId).toBe('/_auth/interests/favorites/{-$page}');
    expect(match('/profile/abc').routeId).toBe('/_auth/profile/$id');
    expect(match('/profiles').routeId).toBe('/_auth/profiles');
  });

  it('a path no route takes names no file', () => {
    for (const path of ['/nowhere', '/profile', '/profile/a/b', '/messages/chat', '/interests/favorites/3/4', '/%00', '/sign-in/x']) {
      expect(match(path), path).toEqual({ routeId: undefined, preload: { js: [], css: [] } });
    }
  });
});

describe('index.html with a route’s files', () => {
  const html = '<html><head><title>Amora</title></head><body></body></html>';

  it('adds module preloads, then style preloads, before </head>', () => {
    const out = withRoutePreloads(html, { js: ['/assets/a.js'], css: ['/assets/b.css'] });
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(out).toContain('<link rel="preload" as="style" crossorigin href="/assets/b.css">');
    expect(out.indexOf('/assets/b.css')).toBeGreaterThan(out.indexOf('/assets/a.js'));
    expect(out.indexOf('/assets/b.css')).toBeLessThan(out.indexOf('</head>'));
  });

  it('leaves the page as it is when there is nothing to add, and escapes what it writes', () => {
    expect(withRoutePreloads(html, { js: [], css: [] })).toBe(html);
    expect(withRoutePreloads(html, { js: ['/assets/a".js'], css: [] })).toContain('href="/assets/a&#34;.js"');
  });
});
