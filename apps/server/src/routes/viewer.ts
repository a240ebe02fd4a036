import type { FastifyReply, FastifyRequest } from "fastify";
import { findViewer, type SessionViewer } from "../accounts/sessions.ts";

export const SESSION_COOKIE = "access-token";
export const SIGN_IN_FIRST = "Please sign in to continue.";

const cache = new WeakMap<FastifyRequest, Promise<SessionViewer | null>>();

function sessionTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || null;
  return request.cookies[SESSION_COOKIE] ?? null;
}

/** Whether a request is signed in by the session cookie, which a browser adds by itself, rather than a Bearer token. */
export function signedInByCookie(request: FastifyRequest): boolean {
  return !request.headers.authorization?.startsWith("Bearer ") && request.cookies[SESSION_COOKIE] !== undefined;
}

/**
 * The signed-in user behind a request, from `Authorization: Bearer <token>` or
 * the access-token cookie; null for a visitor. Looked up once per request.
 */
export function viewerOf(request: FastifyRequest): Promise<SessionViewer | null> {
  let viewer = cache.get(request);
  if (!viewer) {
    const token = sessionTokenOf(request);
    const { server } = request;
    viewer = token ? findViewer(server.database.db, token, server.clock()) : Promise.resolve(null);
    cache.set(request, viewer);
  }
  return viewer;
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date | null): void {
  const { publicUrl } = reply.server.config;
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: publicUrl.startsWith("https:"),
    path: "/",
    // Without 'Remember me' the cookie ends with the browser (the session ends sooner still on the server).
    ...(expiresAt ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  const { publicUrl } = reply.server.config;
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: publicUrl.startsWith("https:"),
    path: "/",
  });
}
