import { brandColor } from './default-templates.ts';

/**
 * The branded frame around every mail body: a 600px table centred on a grey background, the product
 * name on top, a short footer. Fixed in code (not admin-editable) so an edited body cannot break it.
 * Every argument is already escaped HTML.
 */
export function wrapInLayout(parts: {
  subject: string;
  body: string;
  appName: string;
  publicUrl: string;
}): string {
  const home = parts.publicUrl
    ? `<a href="${parts.publicUrl}" style="color:#9aa5b1;text-decoration:underline;">${parts.publicUrl.replace(/^https?:\/\//, '')}</a>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${parts.subject}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f5f7;">
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="background-color:#f4f5f7;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="max-width:600px;">
<tr><td style="padding:0 8px 16px;font-family:Helvetica,Arial,sans-serif;font-size:26px;font-weight:bold;letter-spacing:-0.5px;color:${brandColor};">${parts.appName}</td></tr>
<tr><td style="background-color:#ffffff;border-radius:10px;border-top:4px solid ${brandColor};padding:32px 32px 28px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:24px;color:#1f2933;">
${parts.body}
</td></tr>
<tr><td style="padding:20px 8px 0;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:18px;color:#9aa5b1;text-align:center;">
${parts.appName}: digital menus for restaurants and food trucks.<br>${home}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
