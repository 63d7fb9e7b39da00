import { options } from 'preact';

/**
 * When effects run. Preact (the renderer behind React's API, decision 0051) runs them after the next animation
 * frame, with a 100 ms timer as the fallback; a tab in the background gets no frames and its timers are throttled
 * to one a second, or one a minute after five minutes hidden. An agent's second console tab, or a member's chat left
 * in the background, would then subscribe to its stores, move its refs and answer its socket seconds late. React runs
 * them in a task of their own right after the render (its scheduler's MessageChannel), which the browser does not
 * throttle: so do these. Imported first by the app's entry, on the one Preact the build bundles.
 */
const channel = new MessageChannel();
let queued: (() => void)[] = [];
channel.port1.onmessage = () => {
  const run = queued;
  queued = [];
  for (const callback of run) callback();
};
options.requestAnimationFrame = (callback) => {
  queued.push(callback);
  if (queued.length === 1) channel.port2.postMessage(null);
};
