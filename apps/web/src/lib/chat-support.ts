import type { TPublicConfig } from '@mapwright/contracts';

/** The widget's API per region (spec §9: us by default, eu or ap). */
export const CHAT_API_BASES = {
  us: 'https://api-iam.intercom.io',
  eu: 'https://api-iam.eu.intercom.io',
  ap: 'https://api-iam.au.intercom.io',
} as const;

type TWindow = Window & { intercomSettings?: Record<string, unknown> };

/** Loads the chat-support widget once, when configured; off otherwise. */
export function loadChatSupport(chat: TPublicConfig['chatSupport'], user: { email: string; name: string }) {
  if (!chat || document.getElementById('chat-support')) return false;
  (window as TWindow).intercomSettings = {
    app_id: chat.appId,
    api_base: CHAT_API_BASES[chat.region],
    email: user.email,
    name: user.name,
  };
  const s = document.createElement('script');
  s.id = 'chat-support';
  s.async = true;
  s.src = `https://widget.intercom.io/widget/${encodeURIComponent(chat.appId)}`;
  document.head.append(s);
  return true;
}
