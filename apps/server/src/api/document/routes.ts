// GET /api/document/:token: the authorization as a PDF, for a signed link valid one hour (from
// POST /api/status). The PDF code and its fonts load on the first request only; its QR code and
// link are built from PUBLIC_URL.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { LinkService } from '../../decisions/links.ts';
import { authorizations } from '../../decisions/lookup.ts';
import { verifyPageUrl } from '../../decisions/public-url.ts';
import { sendRefusal } from '../../http.ts';

export interface DocumentRouteDeps {
  db: Db;
  links: LinkService;
  /**
   * Where the QR code sends its reader: PUBLIC_URL, never the request's Host header (which the
   * sender chooses, so a forged one would put another site in the document).
   */
  publicUrl: string;
}

export const documentRoutes = (app: FastifyInstance, deps: DocumentRouteDeps) => {
  app.get<{ Params: { token: string } }>('/api/document/:token', async (request, reply) => {
    const checked = deps.links.checkDocumentToken(request.params.token);
    if (!checked.ok) {
      return checked.expired
        ? sendRefusal(reply, 410, {
            message: 'This link has expired. Open your status page for a new one.',
            code: 'documentLinkExpired',
          })
        : sendRefusal(reply, 404, {
            message: 'This link is not valid.',
            code: 'documentLinkInvalid',
          });
    }
    const [authorization] = await authorizations(deps.db, { id: checked.authorizationId });
    const application = authorization
      ? await deps.db
          .selectFrom('application')
          .select('draft')
          .where('id', '=', authorization.applicationId)
          .executeTakeFirst()
      : undefined;
    const bearer = application?.draft.bearerList[authorization?.bearerIndex ?? 0];
    if (!authorization || !bearer) {
      return sendRefusal(reply, 404, {
        message: 'This link is not valid.',
        code: 'documentLinkInvalid',
      });
    }
    const verifyUrl = verifyPageUrl(
      deps.publicUrl,
      deps.links.verifyToken(authorization.id, authorization.validUntil),
    );
    const { authorizationPdf } = await import('../../decisions/document-pdf.ts');
    const pdf = await authorizationPdf({
      firstName: bearer.firstName,
      lastName: bearer.lastName,
      nationality: bearer.nationalityId?.Description ?? '',
      passportNumber: authorization.passportNum,
      applicationNumber: authorization.reqNum,
      validFrom: authorization.validFrom,
      validUntil: authorization.validUntil,
      verifyUrl,
    });
    return reply
      .code(200)
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="eta-il-${authorization.reqNum}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(pdf));
  });
};
