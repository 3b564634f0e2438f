import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, readServerConfig } from '../../server/config.mjs';

const problemOf = (env: Record<string, string>) => {
  try {
    readServerConfig(env, '/srv/site');
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

describe('the server configuration', () => {
  it('has defaults for everything', () => {
    const config = readServerConfig({}, '/srv/site');
    expect(config).toMatchObject({ projectRoot: '/srv/site', port: 4321, backend: 'fs', contentRoot: '/srv/site', usersFile: '/srv/site/.content-store/users.json' });
    expect(config.git).toMatchObject({ branch: 'main', pollSeconds: 60, timeoutSeconds: 30, dir: '/srv/site' });
  });

  it('names the variable, the value and what is expected', () => {
    expect(problemOf({ MAX_UPLOAD_BYTES: '5MB' })).toMatch(/MAX_UPLOAD_BYTES="5MB": must be a whole number of bytes/);
    expect(problemOf({ PORT: '70000' })).toMatch(/PORT="70000"/);
    expect(problemOf({ SITE_URL: 'example.com' })).toMatch(/SITE_URL="example.com": must be the site's address/);
    expect(problemOf({ CONTENT_BACKEND: 'svn' })).toMatch(/CONTENT_BACKEND="svn": must be "fs" or "git"/);
    expect(problemOf({ CONTENT_GIT_BRANCH: 'main..evil', CONTENT_BACKEND: 'git' })).toMatch(/CONTENT_GIT_BRANCH/);
    expect(problemOf({ CONTENT_GIT_TIMEOUT_SECONDS: '0' })).toMatch(/CONTENT_GIT_TIMEOUT_SECONDS="0": must be between 1 and 3600 seconds/);
    expect(problemOf({ CONTENT_SITE_BUILD_ID: '"; alert(1)' })).toMatch(/CONTENT_SITE_BUILD_ID="\\"; alert\(1\)": must name the code being built/);
    expect(readServerConfig({ CONTENT_SITE_BUILD_ID: 'a1b2c3d' }, '/srv/site').buildId).toBe('a1b2c3d');
  });

  it('lists every problem at once, and never shows a secret', () => {
    const message = problemOf({ MAX_UPLOAD_BYTES: '-1', SESSION_SECRET: 'short-secret' })!;
    expect(message).toMatch(/MAX_UPLOAD_BYTES/);
    expect(message).toMatch(/SESSION_SECRET=\(hidden\): must be at least 32 characters/);
    expect(message).not.toContain('short-secret');
  });

  it('serves HTTPS only with both the certificate and its key, found from where the server starts', () => {
    expect(readServerConfig({}, '/srv/site').tls).toBeUndefined();
    expect(readServerConfig({ TLS_CERT_FILE: 'tls/cert.pem', TLS_KEY_FILE: '/etc/site/key.pem' }, '/srv/site').tls).toEqual({ certFile: '/srv/site/tls/cert.pem', keyFile: '/etc/site/key.pem' });
    expect(problemOf({ TLS_CERT_FILE: 'cert.pem' })).toContain('TLS_CERT_FILE is set without TLS_KEY_FILE');
    expect(problemOf({ TLS_KEY_FILE: 'key.pem' })).toContain('TLS_KEY_FILE is set without TLS_CERT_FILE');
  });

  it('refuses git settings without the git backend', () => {
    expect(problemOf({ CONTENT_GIT_REMOTE: 'git@example.com:site.git' })).toMatch(/CONTENT_BACKEND is not "git"/);
  });

  it('keeps the content in a clone of its own when there is a remote, and in the project without one', () => {
    const withRemote = readServerConfig({ CONTENT_BACKEND: 'git', CONTENT_GIT_REMOTE: 'git@example.com:site.git' }, '/srv/site');
    expect(withRemote.git).toMatchObject({ remote: 'git@example.com:site.git', dir: '/srv/site/.content-store/clone' });
    expect(withRemote.contentRoot).toBe('/srv/site/.content-store/clone');
    const local = readServerConfig({ CONTENT_BACKEND: 'git', CONTENT_GIT_REMOTE: '../site.git' }, '/srv/site');
    expect(local.git.remote).toBe('/srv/site.git');
    expect(readServerConfig({ CONTENT_BACKEND: 'git' }, '/srv/site').contentRoot).toBe('/srv/site');
  });

  it('limits making image variants by default, and takes other limits in digits', () => {
    expect(readServerConfig({}, '/srv/site').imageVariantLimits).toEqual({ maxQueued: 32, burst: 60, perMinute: 30 });
    const set = readServerConfig({ IMAGE_VARIANT_QUEUE: '0', IMAGE_VARIANT_BURST: '200', IMAGE_VARIANT_PER_MINUTE: '120' }, '/srv/site');
    expect(set.imageVariantLimits).toEqual({ maxQueued: 0, burst: 200, perMinute: 120 });
    expect(problemOf({ IMAGE_VARIANT_BURST: '0' })).toMatch(/IMAGE_VARIANT_BURST="0": must be between 1/);
    expect(problemOf({ IMAGE_VARIANT_PER_MINUTE: '1.5' })).toMatch(/IMAGE_VARIANT_PER_MINUTE="1.5": must be a whole number/);
  });

  it('renders on a worker per core, up to four, unless told how many', () => {
    const cores = availableParallelism();
    expect(readServerConfig({}, '/srv/site').publishWorkers).toBe(cores > 1 ? Math.min(cores, 4) : 0);
    expect(readServerConfig({ PUBLISH_WORKERS: '0' }, '/srv/site').publishWorkers).toBe(0);
    expect(readServerConfig({ PUBLISH_WORKERS: '8' }, '/srv/site').publishWorkers).toBe(8);
    expect(problemOf({ PUBLISH_WORKERS: 'two' })).toMatch(/PUBLISH_WORKERS="two": must be a whole number of threads/);
    expect(problemOf({ PUBLISH_WORKERS: '65' })).toMatch(/PUBLISH_WORKERS="65": must be between 0 and 64 threads/);
  });
});
