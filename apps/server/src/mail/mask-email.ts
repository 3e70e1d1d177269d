/** "j•••@example.com": enough for travellers to know where a mail went, not enough to read off. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};
