// The help popups of the passport step (SPEC §2): titles, texts and an illustration each. A
// topic's button, title and illustration's text are the texts `help.<topic>.…`.
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpPopup } from '../../components/Help.tsx';
import { ltr } from '../../i18n/bidi.ts';

const TYPES = ['national', 'diplomatic', 'official', 'service', 'travelDocument'] as const;

const TOPICS: Record<'type' | 'number', { image: string; body: (t: TFunction) => ReactNode }> = {
  type: {
    image: '/help/passport-types.svg',
    body: (t) => (
      <>
        <p>{t('help.type.intro')}</p>
        <ul className="checklist">
          {TYPES.map((type) => (
            <li key={type}>{t(`help.type.${type}`)}</li>
          ))}
        </ul>
      </>
    ),
  },
  number: {
    image: '/help/passport-number.svg',
    body: (t) => (
      <>
        <p>{t('help.number.text')}</p>
        <p>{t('help.number.mrz', { filler: ltr('<') })}</p>
      </>
    ),
  },
};

export const PassportHelp = ({ topic }: { topic: keyof typeof TOPICS }) => {
  const { t } = useTranslation('passport');
  const { image, body } = TOPICS[topic];
  return (
    <HelpPopup
      buttonLabel={t(`help.${topic}.button`)}
      title={t(`help.${topic}.title`)}
      image={{ src: image, alt: t(`help.${topic}.imageAlt`) }}
    >
      {body(t)}
    </HelpPopup>
  );
};
