import pg from 'pg';
import type { RunningServer } from './server.ts';

/**
 * The API as the web app calls it, with a signed-in user's token: journeys use it to set up data the
 * workshop journey already builds through the UI, so each journey stays about its own screens.
 */
export interface Api {
  call: <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => Promise<T>;
  /** Like `call`, but answers the status and envelope instead of throwing on a failure. */
  raw: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: { message?: unknown } }>;
}

export function apiFor(baseUrl: string, token: string): Api {
  const raw: Api['raw'] = async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };
  return {
    raw,
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
      const answer = await raw(method, path, body);
      if (answer.status !== 200) {
        throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
      return answer.body.message as T;
    },
  };
}

/** Signs in through the API (CAPTCHA off) and answers the access token. */
export async function signInApi(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { message?: { accessToken?: string } };
  if (!response.ok || !body.message?.accessToken) {
    throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  }
  return body.message.accessToken;
}

export const everyDay = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};

export interface MenuTimeline {
  valid: typeof everyDay & { startTime: string; endTime: string };
  twentyFourHoursMenuAvailable: boolean;
}

/** "HH:mm" of an instant on a UTC restaurant's clock. */
export const utcClock = (instant: number) => new Date(instant).toISOString().slice(11, 16);

/**
 * Sets a menu's days and hours. Through `POST /api/menus/update-timeline` when the server has it;
 * a server without that route yet gets them written to its database, followed by an empty menu
 * update through the API, whose write drops the restaurant's public-menu cache like any edit.
 * Answers which way was used.
 */
export async function setMenuTimeline(
  server: RunningServer,
  api: Api,
  menuId: string,
  timeline: MenuTimeline,
): Promise<'api' | 'database'> {
  const answer = await api.raw('POST', '/api/menus/update-timeline', { _id: menuId, ...timeline });
  if (answer.status === 200) return 'api';
  // The server's own "no such route" answer; any other failure is the route's and must show.
  if (answer.status !== 404 || answer.body.message !== 'Not found') {
    throw new Error(`update-timeline answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const updated = await client.query(
      'UPDATE menus SET valid = $1::jsonb, twenty_four_hours = $2 WHERE id = $3',
      [JSON.stringify(timeline.valid), timeline.twentyFourHoursMenuAvailable, menuId],
    );
    if (updated.rowCount !== 1) throw new Error(`no menu ${menuId} in the database`);
  } finally {
    await client.end();
  }
  await api.call('PUT', `/api/menus/${menuId}`, {});
  return 'database';
}
