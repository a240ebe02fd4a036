import { VIES_EMULATOR_PATH } from "@skillshelf/shared/payment-emulators.ts";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { EmulatorOptions } from "./plugin-options.ts";

const P = "vies";
type Answer = "valid" | "invalid" | "unavailable";

const checkBody = z.object({ countryCode: z.string().min(2), vatNumber: z.string().min(1) });
const controlBody = z.object({
  vat_number: z.string().min(3, "vat_number is required"),
  answer: z.enum(["valid", "invalid", "unavailable"], { message: "answer must be valid, invalid or unavailable" }),
});

/** VIES keys numbers by their country prefix (EL for Greece) and the rest, without spaces. */
const keyOf = (number: string) => number.toUpperCase().replace(/[\s.-]/g, "");

/**
 * The EU's VIES service, emulated (CONTRACT.md section 7): `POST
 * /emulator/vies/check-vat-number` answers as the REST API's
 * check-vat-number does. Every number is registered unless the control
 * endpoint said otherwise for it: "invalid" (not registered) or
 * "unavailable" (the Member State's system is down: 503 MS_UNAVAILABLE).
 */
export const viesEmulator: FastifyPluginAsync<EmulatorOptions> = async (app, { records }) => {
  app.post(`${VIES_EMULATOR_PATH}/check-vat-number`, async (request, reply) => {
    const parsed = checkBody.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({ actionSucceed: false, errorWrappers: [{ error: "INVALID_INPUT" }] });
    }
    const { countryCode, vatNumber } = parsed.data;
    const answer = records.read<{ answer: Answer }>(P, keyOf(countryCode + vatNumber))?.answer ?? "valid";
    if (answer === "unavailable") {
      return reply.code(503).send({ actionSucceed: false, errorWrappers: [{ error: "MS_UNAVAILABLE" }] });
    }
    const valid = answer === "valid";
    return {
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid,
      requestIdentifier: "",
      name: valid ? "Emulated Business Ltd" : "---",
      address: valid ? "1 Emulated Street" : "---",
    };
  });

  app.post(`${VIES_EMULATOR_PATH}/control`, async (request, reply) => {
    const parsed = controlBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply.code(422).send({ status: false, message: parsed.error.issues[0]?.message ?? "Invalid control." });
    }
    records.write(P, keyOf(parsed.data.vat_number), { answer: parsed.data.answer });
    return { status: true, message: `VIES now answers ${parsed.data.answer} for ${keyOf(parsed.data.vat_number)}.` };
  });
};
