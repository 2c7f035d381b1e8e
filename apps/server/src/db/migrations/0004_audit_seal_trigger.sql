-- Audit rows are inserted unsealed (seq, prev_hash, hash null) and sealed shortly after by the
-- sealer. The only UPDATE allowed is that sealing, once, leaving every recorded field as it was.
CREATE OR REPLACE FUNCTION audit_log_reject_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.seq IS NULL AND OLD.hash IS NULL AND OLD.prev_hash IS NULL
     AND NEW.seq IS NOT NULL AND NEW.hash IS NOT NULL
     AND (NEW.id, NEW.occurred_at, NEW.actor_user_id, NEW.actor_role, NEW.action, NEW.resource,
          NEW.record_id, NEW.patient_id, NEW.outcome, NEW.ip, NEW.request_id, NEW.details::text)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.occurred_at, OLD.actor_user_id, OLD.actor_role, OLD.action, OLD.resource,
          OLD.record_id, OLD.patient_id, OLD.outcome, OLD.ip, OLD.request_id, OLD.details::text)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
