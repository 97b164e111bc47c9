import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { loadWebFontFaces } from '../lib/web-fonts';
import { sendError } from './error-handler';

/** Internet Explorer cannot run the app at all (no ES modules), so it gets a plain page instead. */
export function isInternetExplorer(userAgent: string | undefined): boolean {
  return userAgent !== undefined && /MSIE |Trident\//.test(userAgent);
}

const INTERNET_EXPLORER_PAGE = `<!doctype html>
<html lang="ko">
<head><meta charset="utf-8"><meta http-equiv="X-UA-Compatible" content="IE=edge"><title>PeerWrite</title>
<style>body{font-family:"Malgun Gothic",sans-serif;text-align:center;padding:80px 20px;color:#212529}
h1{font-size:24px}p{color:#495057;line-height:1.6}
a.button{display:inline-block;margin-top:24px;padding:14px 28px;background:#5646ff;color:#fff;text-decoration:none;border-radius:8px;font-weight:bold}</style>
</head>
<body>
<h1>Internet Explorer는 지원하지 않습니다.</h1>
<p>PeerWrite는 최신 브라우저에서 동작합니다. Chrome을 설치한 뒤 다시 접속해 주세요.</p>
<p lang="en">Internet Explorer is not supported. Please install Chrome and open this page again.</p>
<a class="button" href="https://www.google.com/chrome/">Chrome 다운로드 / Download Chrome</a>
</body>
</html>`;

/**
 * Serves the built web app: hashed assets with a long cache, precompressed (brotli or gzip, as the
 * browser accepts), and index.html for every other path that is not an API path (the client
 * router takes it from there).
 */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  const hasDist = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (hasDist) {
    loadWebFontFaces(distDir);
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: only the API is served (run npm run build)');
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      !hasDist ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return sendError(request, reply, 'not_found');
    }
    reply.header('cache-control', 'no-cache');
    if (isInternetExplorer(request.headers['user-agent'])) {
      return reply.type('text/html; charset=utf-8').send(INTERNET_EXPLORER_PAGE);
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
