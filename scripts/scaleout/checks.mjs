// The six results `pnpm scaleout` reports (the scale-out requirements), each a function of the
// running set-up: { api, servers: [a, b], lb, apiLimit, ownerUrl } → { status, detail }.
// status: pass, fail, or missing (not checked yet, with the reason).
import { setTimeout as sleep } from 'node:timers/promises';
import { apiInputs } from '../../bench/lib/data.mjs';

async function request(origin, method, path, { token, body, headers = {} } = {}) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json = null;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {}
  return { status: response.status, json, bytes, servedBy: response.headers.get('x-served-by') };
}

async function signIn(origin, email, password) {
  const answer = await request(origin, 'POST', '/auth/v1/token?grant_type=password', {
    body: { email, password },
  });
  if (answer.status !== 200) throw new Error(`ログインできませんでした（${answer.status}）`);
  return answer.json;
}

const claimsOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

async function until(condition, timeoutMs, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value || Date.now() > deadline) return value;
    await sleep(everyMs);
  }
}

const sessionsAcross = {
  title: '1. あるプロセスでログインした利用者が、もう一方のプロセスで使える（セッション、リフレッシュ）',
  async run({ api, servers: [a, b] }) {
    const session = await signIn(a.origin, api.DEMO_USERS.sakuraAdmin.email, api.DEMO_PASSWORD);
    const onB = await request(b.origin, 'GET', '/api/auth/tenant/me', { token: session.access_token });
    const refreshed = await request(b.origin, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    const back = await request(a.origin, 'GET', '/api/auth/tenant/me', {
      token: refreshed.json?.access_token,
    });
    const ok = onB.status === 200 && refreshed.status === 200 && back.status === 200;
    return {
      status: ok ? 'pass' : 'fail',
      detail: `A でログイン → B で /api/auth/tenant/me ${onB.status}、B でリフレッシュ ${refreshed.status}、新しいトークンで A ${back.status}`,
    };
  },
};

/** The events of a Server-Sent Events response, as they arrive (comments skipped). */
async function* serverSentEvents(response) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.split('\n').some((line) => line.startsWith('data:'))) yield block;
      end = buffer.indexOf('\n\n');
    }
  }
}

const notificationsAcross = {
  title: '2. A で起きた通知が、B につながったブラウザのライブ配信に 2 秒以内に届く',
  async run({ api, servers: [a, b] }) {
    const staff = await signIn(b.origin, api.DEMO_USERS.sakuraStaff.email, api.DEMO_PASSWORD);
    const admin = await signIn(a.origin, api.DEMO_USERS.sakuraAdmin.email, api.DEMO_PASSWORD);
    const abort = new AbortController();
    const stream = await fetch(`${b.origin}/api/notifications/events`, {
      headers: { authorization: `Bearer ${staff.access_token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (stream.status !== 200) return { status: 'fail', detail: `B のライブ配信が ${stream.status}` };
    const events = serverSentEvents(stream);
    try {
      await events.next(); // the count on connect
      const [person] = apiInputs({ seed: 7, count: 1 });
      const causedAt = Date.now();
      const created = await request(a.origin, 'POST', '/api/customers', {
        token: admin.access_token,
        body: person.input,
      });
      const arrived = await Promise.race([
        events.next().then(() => Date.now() - causedAt),
        sleep(5_000).then(() => null),
      ]);
      return {
        status: created.status === 201 && arrived !== null && arrived <= 2_000 ? 'pass' : 'fail',
        detail:
          `A で顧客を登録（${created.status}）→ B のライブ配信に` +
          (arrived === null ? ' 5 秒待っても届かない' : ` ${arrived} ms で届いた`),
      };
    } finally {
      abort.abort();
      await events.return?.().catch(() => {});
    }
  },
};

const documentsAcross = {
  title: '3. A でアップロードした文書を B でダウンロード・検索でき、取り込みの仕事は 1 回だけ動く',
  async run({ api, servers: [a, b], ownerUrl, pg }) {
    const { access_token: token } = await signIn(
      a.origin,
      api.DEMO_USERS.sakuraAdmin.email,
      api.DEMO_PASSWORD,
    );
    const bytes = Buffer.from('# スケールアウト確認\n\n停電時は非常用電源で冷蔵庫のワクチンを守ります。\n');
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/markdown' }), 'scaleout.md');
    const uploaded = await request(a.origin, 'POST', '/api/documents/upload', { token, body: form });
    if (uploaded.status !== 201) return { status: 'fail', detail: `A へのアップロードが ${uploaded.status}` };
    const id = uploaded.json.id;
    const ready = await until(async () => {
      const document = await request(b.origin, 'GET', `/api/documents/${id}`, { token });
      return document.json?.extraction_status === 'pending' ? null : document.json?.extraction_status;
    }, 30_000);
    const download = await request(b.origin, 'GET', `/api/documents/${id}/content`, { token });
    const search = await request(
      b.origin,
      'POST',
      `/api/documents/search?query=${encodeURIComponent('ワクチン')}`,
      {
        token,
      },
    );
    const found = (search.json?.results ?? []).some((hit) => hit.document?.id === id);
    const same = download.status === 200 && download.bytes.equals(bytes);
    // The queue's own record (pg-boss, read as the owner): one job for the document, run once.
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    const { rows: jobs } = await owner.query(
      `select state, retry_count from pgboss.job where name = 'documents.extract' and data->>'documentId' = $1`,
      [id],
    );
    await owner.end();
    const once = jobs.length === 1 && jobs[0].state === 'completed' && jobs[0].retry_count === 0;
    return {
      status: ready === 'ready' && same && found && once ? 'pass' : 'fail',
      detail:
        `B で取り込み状態 ${ready}、ダウンロード ${download.status}（${same ? '同じバイト列' : '内容が違う'}）、` +
        `検索「ワクチン」${found ? 'で見つかる' : 'で見つからない'}、取り込みの仕事 ${jobs.length} 件` +
        `（${jobs.map((job) => `${job.state}、再試行 ${job.retry_count} 回`).join(' / ')}）`,
    };
  },
};

const sharedBudget = {
  title: '4. API の利用回数の枠は 2 プロセスで 1 つ（上限の 1.0 倍、2 倍ではない）',
  async run({ api, lb, apiLimit }) {
    const { access_token: token } = await signIn(lb, api.DEMO_USERS.midoriAdmin.email, api.DEMO_PASSWORD);
    const answers = [];
    for (let index = 0; index < apiLimit * 2; index += 1) {
      answers.push(await request(lb, 'GET', '/api/auth/tenant/me', { token }));
    }
    const accepted = answers.filter((answer) => answer.status === 200).length;
    const refused = answers.filter((answer) => answer.status === 429).length;
    const servedBy = new Set(answers.map((answer) => answer.servedBy));
    const ratio = accepted / apiLimit;
    return {
      status: accepted === apiLimit && refused === apiLimit && servedBy.size === 2 ? 'pass' : 'fail',
      detail: `ロードバランサー経由で ${apiLimit * 2} 回: 200 が ${accepted} 回、429 が ${refused} 回（上限 ${apiLimit} の ${ratio.toFixed(2)} 倍）、応答したサーバー ${[...servedBy].join('・')}`,
    };
  },
};

const revocationAcross = {
  title: '5. A でセッションを終了すると、1 秒以内に B でも断られる',
  async run({ api, servers: [a, b] }) {
    const { access_token: token } = await signIn(
      a.origin,
      api.DEMO_USERS.sakuraStaff.email,
      api.DEMO_PASSWORD,
    );
    // Twice, so that B has the access context cached when A ends the session.
    await request(b.origin, 'GET', '/api/auth/tenant/me', { token });
    const before = await request(b.origin, 'GET', '/api/auth/tenant/me', { token });
    const revoked = await request(a.origin, 'DELETE', `/api/sessions/${claimsOf(token).session_id}`, {
      token,
    });
    // B learns of the revocation through PostgreSQL's notification (a few ms) or, at the latest,
    // when its cached context expires (1 s): poll B until it refuses, for at most 1 s.
    const started = performance.now();
    let after = await request(b.origin, 'GET', '/api/auth/tenant/me', { token });
    while (after.status !== 401 && performance.now() - started < 1000) {
      await sleep(50);
      after = await request(b.origin, 'GET', '/api/auth/tenant/me', { token });
    }
    const elapsed = Math.round(performance.now() - started);
    return {
      status: before.status === 200 && revoked.status === 204 && after.status === 401 ? 'pass' : 'fail',
      detail: `B で ${before.status} → A で終了 ${revoked.status} → B で ${after.status}（${elapsed} ms 後）`,
    };
  },
};

const KILL_AT = 30;

const killOne = {
  title: '6. 1 プロセスを kill -9: ヘルスチェックが外し、確認済みの書き込みは失われず、もう一方が答え続ける',
  async run({ api, servers: [a], lb, apiLimit, ownerUrl, pg }) {
    const { access_token: token } = await signIn(lb, api.DEMO_USERS.sakuraAdmin.email, api.DEMO_PASSWORD);
    // Within the user's API budget (the checks before spent a few of it).
    const people = apiInputs({
      seed: 2026,
      count: apiLimit - 20,
      assigneeIds: [api.DEMO_USERS.sakuraAdmin.id],
    });
    const acknowledged = [];
    const failures = new Map();
    let killedAt = null;
    const started = Date.now();
    for (const [index, person] of people.entries()) {
      if (index === KILL_AT) {
        a.handle.child.kill('SIGKILL');
        killedAt = Date.now();
      }
      const created = await request(lb, 'POST', '/api/customers', { token, body: person.input }).catch(
        () => ({
          status: 0,
        }),
      );
      if (created.status === 201)
        acknowledged.push({ index, id: created.json.id, servedBy: created.servedBy });
      else failures.set(created.status, (failures.get(created.status) ?? 0) + 1);
      if (killedAt && Date.now() - killedAt > 4_000) break;
    }
    const afterKill = acknowledged.filter((write) => write.index >= KILL_AT);
    const servedAfter = new Set(afterKill.slice(-10).map((write) => write.servedBy));
    // Read as the owner, straight from PostgreSQL: every acknowledged create must be there.
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    const { rows } = await owner.query(
      'select count(*)::int as n from customers where id = any($1::uuid[])',
      [acknowledged.map((write) => write.id)],
    );
    await owner.end();
    const missing = acknowledged.length - rows[0].n;
    const failed = [...failures].map(([status, count]) => `${status || '接続エラー'} × ${count}`).join('、');
    const ok = missing === 0 && afterKill.length > 0 && servedAfter.size === 1 && servedAfter.has('b');
    return {
      status: ok ? 'pass' : 'fail',
      detail:
        `${((Date.now() - started) / 1000).toFixed(1)} 秒で書き込み ${acknowledged.length} 件を確認（kill の後 ${afterKill.length} 件、最後の 10 件の応答 ${[...servedAfter].join('・')}）、` +
        `確認されなかったもの ${failed || 'なし'}、確認済みでデータベースにないもの ${missing} 件`,
    };
  },
};

export const SCALEOUT_CHECKS = [
  sessionsAcross,
  notificationsAcross,
  documentsAcross,
  sharedBudget,
  revocationAcross,
  killOne,
];
