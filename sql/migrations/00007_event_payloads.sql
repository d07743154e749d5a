-- The payloads of user.updated, order.updated and order.created (docs/spec.md §3),
-- defined once, here. A purchase writes its events in the same statement
-- as the order and the debit (one round trip: store/purchase.go), so the
-- database must be able to build them; every other writer uses the same
-- functions, so no two payloads of one event can disagree.
--
-- Times are RFC 3339 in UTC with a "Z", as the REST API writes them.
--
-- event_user and event_order are PL/pgSQL, not SQL: a SQL function that
-- cannot be inlined (event_order has a sub-select) is planned again on
-- every statement that calls it, which on the purchase cost as much as the
-- purchase; PL/pgSQL keeps its plans for the session.

-- +goose Up

-- +goose StatementBegin
CREATE FUNCTION event_time(t TIMESTAMPTZ) RETURNS TEXT
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;
-- +goose StatementEnd

-- The user object inside user.updated. No secret (password hash) and no
-- internal column (updated_at) is part of it.
-- +goose StatementBegin
CREATE FUNCTION event_user(u users) RETURNS JSONB
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
    RETURN jsonb_build_object(
        'id', u.id,
        'username', u.username,
        'phone_number', u.phone,
        'email', u.email,
        'wallet_amount', u.wallet_amount,
        'is_admin', u.is_admin,
        'is_banned', u.is_banned,
        'ban_reason', u.ban_reason,
        'created_at', event_time(u.created_at));
END
$$;
-- +goose StatementEnd

-- The order object inside order.updated and order.created. It never
-- carries what was delivered (meta: credentials, codes); the buyer fetches
-- that over HTTPS. The service is named as it is called now, falling back
-- to the order's snapshot when the product is gone.
-- +goose StatementBegin
CREATE FUNCTION event_order(o orders) RETURNS JSONB
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
    service TEXT;
BEGIN
    SELECT sv.name INTO service FROM products p JOIN services sv ON sv.id = p.service_id
    WHERE p.id = o.product_id;
    RETURN jsonb_build_object(
        'id', o.id,
        'user_id', o.user_id,
        'product', jsonb_build_object(
            'id', o.product_id,
            'name', o.product_name,
            'service', jsonb_build_object('name', COALESCE(service, o.service_name))),
        'product_kind', o.product_kind,
        'price', o.price,
        'service_charge', o.service_charge,
        'total_price', o.total_price,
        'payment_status', o.status,
        'game_uid', o.game_uid,
        'server_id', o.server_id,
        'created_at', event_time(o.created_at),
        'updated_at', event_time(o.updated_at));
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION event_order(orders);
DROP FUNCTION event_user(users);
DROP FUNCTION event_time(TIMESTAMPTZ);
