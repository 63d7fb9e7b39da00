/** Text made safe to place in HTML (mail bodies, the sandbox provider pages). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
