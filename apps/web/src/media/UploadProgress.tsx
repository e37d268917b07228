import { UPLOAD_PROGRESS_MAX, UPLOAD_PROGRESS_MIN } from '@listboard/core';
import { useUploadProgress } from './progress';
import './media.css';

/** The header's progress bar during uploads. */
export function UploadProgress() {
  const { phase, percent, label, cancel } = useUploadProgress();
  if (phase === 'idle') return null;
  return (
    <div className={`bar upload-bar upload-${phase}`}>
      <div
        className="upload-track"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={UPLOAD_PROGRESS_MIN}
        aria-valuemax={UPLOAD_PROGRESS_MAX}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className="upload-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="upload-label" role={phase === 'failed' ? 'alert' : 'status'}>
        {phase === 'uploading' ? `${label} ${percent}%` : label}
      </span>
      {phase === 'uploading' && cancel && (
        <button type="button" className="tool upload-cancel" onClick={cancel}>
          Cancel upload
        </button>
      )}
    </div>
  );
}
