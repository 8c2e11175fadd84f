import { MAX_LOGO_PIXELS, MAX_LOGO_SIDE_PX } from '../../../domain/constants';
import { messageWith } from '../../../domain/messages';
import { LOGO_TYPES } from '../../../domain/schemas/company';
import type { AppContext } from '../../context';
import { ApiError, notFound } from '../../lib/errors';
import * as repo from './repository';
import { findCompany, getCompany, type CompaniesActor } from './service';
import { imageSize, sniffImage, typeNotAllowed, unreadable, type Upload } from '../../lib/uploads';

/**
 * Company logo (SPEC §5: jpeg or png, at most 5 MB). Declared type and the file's own bytes must
 * both say jpeg or png, and agree; the size its header states is at most MAX_LOGO_SIDE_PX on either
 * side and MAX_LOGO_PIXELS in all (every viewer's browser draws it). Kept in the database, so every instance serves it.
 */
export async function saveLogo(ctx: AppContext, actor: CompaniesActor, scopeId: string, id: string, upload: Upload) {
  await findCompany(ctx.db, scopeId, id);
  const declared = upload.mimetype === 'image/jpg' ? 'image/jpeg' : upload.mimetype;
  if (!(LOGO_TYPES as readonly string[]).includes(declared)) throw typeNotAllowed('The logo must be a JPEG or PNG image');
  const actual = sniffImage(upload.data);
  if (actual !== declared) throw typeNotAllowed('The file content is not the declared JPEG or PNG image');
  const size = imageSize(upload.data);
  if (!size) throw unreadable('The image header (its width and height) cannot be read');
  if (size.width > MAX_LOGO_SIDE_PX || size.height > MAX_LOGO_SIDE_PX || size.width * size.height > MAX_LOGO_PIXELS) {
    throw new ApiError(400, 'VALIDATION_ERROR', `The image is ${size.width}×${size.height} px: at most ${MAX_LOGO_SIDE_PX} px on either side`, { file: messageWith('validation.imageTooLarge', { max: MAX_LOGO_SIDE_PX }) });
  }
  await repo.saveLogo(ctx.db, id, actual, upload.data);
  return getCompany(ctx, actor, scopeId, id);
}

export async function readLogo(ctx: AppContext, scopeId: string, id: string) {
  await findCompany(ctx.db, scopeId, id);
  const logo = await repo.findLogo(ctx.db, id);
  if (!logo) throw notFound('The company has no logo');
  return logo;
}
