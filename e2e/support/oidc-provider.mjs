// A real OpenID Connect provider on 127.0.0.1 standing in for Google in browser tests (oidc-provider).
// Its sign-in page takes any login: the account id is what was typed, the e-mail `<login>@example.com`.
// "Cancel" aborts with access_denied, as a refused consent does at Google.
// Env: OIDC_PORT, APP_ORIGIN (the Stride server, for the redirect URI), OIDC_CLIENT_ID, OIDC_CLIENT_SECRET.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT);
const appOrigin = process.env.APP_ORIGIN;
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID,
      client_secret: process.env.OIDC_CLIENT_SECRET,
      redirect_uris: [`${appOrigin}/api/auth/callback/google`],
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
  pkce: { required: () => true },
  cookies: { keys: ['stride-e2e-oidc'] },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      claims: async () => ({
        sub: id,
        email: `${id}@example.com`,
        email_verified: true,
        name: `Google ${id}`,
        picture: `${appOrigin}/favicon.svg`,
      }),
    };
  },
});

const page = (
  uid,
) => `<!doctype html><html lang="en"><head><title>Sign in with Google (test)</title></head><body>
<main><h1>Sign in with Google (test)</h1>
<form method="post" action="/interaction/${uid}/login">
<label for="login">Login</label> <input id="login" name="login" required autofocus>
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;

async function readForm(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

provider.use(async (ctx, next) => {
  if (ctx.path === '/favicon.ico') {
    ctx.status = 204;
    return;
  }
  const match = /^\/interaction\/([^/]+)(?:\/(login|abort))?$/.exec(ctx.path);
  if (!match) return next();
  const [, uid, action] = match;
  const details = await provider.interactionDetails(ctx.req, ctx.res);
  if (details.uid !== uid) ctx.throw(400, 'interaction mismatch');
  if (!action && ctx.method === 'GET') {
    ctx.type = 'html';
    ctx.body = page(uid);
    return;
  }
  if (action === 'abort') {
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const accountId = (await readForm(ctx.req)).get('login');
  const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
  grant.addOIDCScope(details.params.scope);
  const grantId = await grant.save();
  await provider.interactionFinished(
    ctx.req,
    ctx.res,
    { login: { accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
});

provider.listen(port, '127.0.0.1', () => console.log(`test OIDC provider on ${issuer}`));
