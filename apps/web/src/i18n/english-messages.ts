// The English `messages` namespace is the domain's catalogue, loaded like any other namespace.
export { messages as default } from '@eta-il/domain';
