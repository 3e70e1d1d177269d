// The help popups of the passport step (SPEC §2): titles, texts and an illustration each.
import { useTranslation } from 'react-i18next';
import { HelpPopup } from '../../components/Help.tsx';
import { ltr } from '../../i18n/bidi.ts';

const TYPES = ['national', 'diplomatic', 'official', 'service', 'travelDocument'] as const;

export const PassportTypeHelp = () => {
  const { t } = useTranslation('passport');
  return (
    <HelpPopup
      buttonLabel={t('help.type.button')}
      title={t('help.type.title')}
      image={{ src: '/help/passport-types.svg', alt: t('help.type.imageAlt') }}
    >
      <p>{t('help.type.intro')}</p>
      <ul className="checklist">
        {TYPES.map((type) => (
          <li key={type}>{t(`help.type.${type}`)}</li>
        ))}
      </ul>
    </HelpPopup>
  );
};

export const PassportNumberHelp = () => {
  const { t } = useTranslation('passport');
  return (
    <HelpPopup
      buttonLabel={t('help.number.button')}
      title={t('help.number.title')}
      image={{ src: '/help/passport-number.svg', alt: t('help.number.imageAlt') }}
    >
      <p>{t('help.number.text')}</p>
      <p>{t('help.number.mrz', { filler: ltr('<') })}</p>
    </HelpPopup>
  );
};
