import { OAuth2Server } from 'oauth2-mock-server';

export interface Identity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server) standing in for Google.
 * Its authorize endpoint approves at once; `signInAs` decides who the next ID token names.
 */
export async function startOidcProvider(): Promise<{
  issuer: string;
  signInAs(identity: Identity): void;
  stop(): Promise<void>;
}> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let identity: Identity = {
    sub: 'google-user-1',
    email: 'someone@gmail.example',
    email_verified: true,
    name: 'Some One',
  };
  server.service.on('beforeTokenSigning', (token) => {
    // Only the ID token (it carries the nonce) names the person.
    if (token.payload.nonce !== undefined) Object.assign(token.payload, identity);
  });
  return {
    issuer: server.issuer.url!,
    signInAs(next) {
      identity = next;
    },
    stop: () => server.stop(),
  };
}
