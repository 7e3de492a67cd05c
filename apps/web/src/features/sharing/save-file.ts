/** Letter is the paper of the United States, Canada, Mexico and a few others; A4 everywhere else. */
export function defaultPaper(): 'a4' | 'letter' {
  const region = (typeof navigator !== 'undefined' ? navigator.language : '').split('-')[1]?.toUpperCase();
  return region && ['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE'].includes(region) ? 'letter' : 'a4';
}
