// The answer every office area gives a request it cannot read (its body or query does not parse).
export const badRequest = { code: 'badRequest', message: 'The request is not valid.' };
