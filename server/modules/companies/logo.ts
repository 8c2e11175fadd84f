import { LOGO_TYPES } from '../../../domain/schemas/company';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import * as repo from './repository';
import { findCompany, getCompany, type CompaniesActor } from './service';
import { sniffImage, typeNotAllowed, type Upload } from '../../lib/uploads';

/**
 * Company logo (SPEC §5: jpeg or png, at most 5 MB). Declared type and the file's own bytes must
 * both say jpeg or png, and agree. Kept in the database, so every instance serves it.
 */
export async function saveLogo(ctx: AppContext, actor: CompaniesActor, scopeId: string, id: string, upload: Upload) {
  await findCompany(ctx.db, scopeId, id);
  const declared = upload.mimetype === 'image/jpg' ? 'image/jpeg' : upload.mimetype;
  if (!(LOGO_TYPES as readonly string[]).includes(declared)) throw typeNotAllowed('The logo must be a JPEG or PNG image');
  const actual = sniffImage(upload.data);
  if (actual !== declared) throw typeNotAllowed('The file content is not the declared JPEG or PNG image');
  await repo.saveLogo(ctx.db, id, actual, upload.data);
  return getCompany(ctx, actor, scopeId, id);
}

export async function readLogo(ctx: AppContext, scopeId: string, id: string) {
  await findCompany(ctx.db, scopeId, id);
  const logo = await repo.findLogo(ctx.db, id);
  if (!logo) throw notFound('The company has no logo');
  return logo;
}
