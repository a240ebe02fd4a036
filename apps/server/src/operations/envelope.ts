import type { FastifyReply } from "fastify";
import { AppError } from "../lib/app-error.ts";

/** The error envelope of CONTRACT.md section 2: written here, and only here. */
export interface ErrorBody {
  status: false;
  message: string;
  errors?: Record<string, string>;
}

export function errorBody(message: string, errors?: Record<string, string>): ErrorBody {
  return { status: false, message, ...(errors ? { errors } : {}) };
}

/** A domain error as the JSON API answers it: its code's status, its message in English. */
export function errorAnswer(error: AppError): { status: number; body: ErrorBody } {
  return { status: error.statusCode, body: errorBody(error.message, error.errors) };
}

/** Sends the error envelope with `status`. */
export function sendError(reply: FastifyReply, status: number, message: string, errors?: Record<string, string>) {
  return reply.status(status).send(errorBody(message, errors));
}

export { AppError };
