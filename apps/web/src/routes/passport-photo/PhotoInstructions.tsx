// What a passport photo must show (SPEC §2 /PersonalDetailsImage), beside a good example.
import { useTranslation } from 'react-i18next';

const RULES = [
  'frontFacing',
  'eyesOpen',
  'noGlasses',
  'mouthClosed',
  'wholeFace',
  'background',
  'noShadows',
  'noHeadwear',
  'alone',
] as const;

export const PhotoInstructions = () => {
  const { t } = useTranslation('photo');
  return (
    <div className="photo-rules">
      <div>
        <p id="photo-rules-title">{t('rulesTitle')}</p>
        <ul className="checklist" aria-labelledby="photo-rules-title">
          {RULES.map((rule) => (
            <li key={rule}>{t(`rules.${rule}`)}</li>
          ))}
        </ul>
      </div>
      <figure className="photo-rules__example">
        <img src="/help/photo-example.svg" alt={t('exampleAlt')} width="150" height="190" />
        <figcaption>{t('exampleCaption')}</figcaption>
      </figure>
    </div>
  );
};
