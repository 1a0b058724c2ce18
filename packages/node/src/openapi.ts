/**
 * Generated from the service's OpenAPI document by `npm run generate:node-client`; do not edit.
 * A test fails when this file and the service's routes disagree.
 */
export interface paths {
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: the process is up */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {string} */
              status: 'ok';
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: database reachable and migrations applied; the components, with Authorization: Bearer <METRICS_TOKEN> */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              components?: {
                [key: string]: {
                  detail?: string;
                  /** @enum {string} */
                  status: 'ok' | 'degraded' | 'unavailable';
                };
              };
              /** @enum {string} */
              status: 'ready' | 'degraded';
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              components?: {
                [key: string]: {
                  detail?: string;
                  /** @enum {string} */
                  status: 'ok' | 'degraded' | 'unavailable';
                };
              };
              /** @enum {string} */
              status: 'not_ready';
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the merchant accounts with their live API keys and verification counts */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_at: string;
              id: number;
              live_api_keys: number;
              name: string;
              verifications: number;
            }[];
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Open a merchant account with its first API key (scopes ["*"]; the plaintext key is returned once) and, given `first_admin_email`, its first admin's console invitation (the link is returned once) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: email */
            first_admin_email?: string;
            key_label?: string;
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              api_key: {
                api_key: string;
                id: number;
                label: string;
                scopes: string[];
              };
              created_at: string;
              first_admin_invitation: {
                email: string;
                expires_at: string;
                id: number;
                /** @enum {string} */
                role: 'admin';
                url: string;
              } | null;
              id: number;
              name: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's name and its members as colleagues see them (names and roles, no e-mail) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: number;
              members: {
                display_name: string;
                id: number;
                /** @enum {string} */
                role: 'admin' | 'reviewer' | 'viewer';
              }[];
              name: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/audit-log': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's audit trail of admin actions (people, keys, sign-in, webhooks, retention), newest first (admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              entries: {
                at: string;
                by_key_id: number | null;
                by_member_id: number | null;
                detail: {
                  [key: string]: unknown;
                };
                event: string;
                id: number;
                member_id: number | null;
              }[];
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/branding': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What the hosted flow shows the account's end users: name, colour, links, whether a logo is set (admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              colour: string | null;
              display_name: string | null;
              has_logo: boolean;
              privacy_url: string | null;
              support_url: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    /** Set the hosted flow's display name, brand colour (#rrggbb, at least 4.5:1 against white) and https support and privacy links (admin); null removes one; the logo is kept */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            colour: string | null;
            display_name: string | null;
            privacy_url: string | null;
            support_url: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              colour: string | null;
              display_name: string | null;
              has_logo: boolean;
              privacy_url: string | null;
              support_url: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/branding/logo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set the hosted flow's logo (admin): a PNG, JPEG or WebP of at most 100 KB, base64 or a data URL, stored re-encoded at most 256×256; null removes it */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            logo_b64: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              colour: string | null;
              display_name: string | null;
              has_logo: boolean;
              privacy_url: string | null;
              support_url: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Invite a person to the account (admin); the link is returned once */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: 'admin' | 'reviewer' | 'viewer';
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              email: string;
              expires_at: string;
              id: number;
              link: string;
              /** @enum {string} */
              role: 'admin' | 'reviewer' | 'viewer';
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/invitations/{invitation_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke an invitation not accepted yet (admin; idempotent): its link no longer lets anyone join */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          invitation_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              accepted_at: string | null;
              created_at: string;
              email: string;
              expires_at: string;
              id: number;
              invited_by: number | null;
              revoked_at: string | null;
              /** @enum {string} */
              role: 'admin' | 'reviewer' | 'viewer';
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/invitations/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Accept an invitation with a new passkey: the member is created and signed in */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            ceremony_id: string;
            credential: {
              [key: string]: unknown;
            };
            display_name: string;
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              csrf_token: string;
              member: {
                account_id: number;
                display_name: string;
                email: string;
                id: number;
                operator: boolean;
                /** @enum {string} */
                role: 'admin' | 'reviewer' | 'viewer';
              };
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/invitations/options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start accepting an invitation: the passkey registration options for the invitee */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            display_name: string;
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              ceremony_id: string;
              email: string;
              options: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              role: 'admin' | 'reviewer' | 'viewer';
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's API keys and who minted each (admin); never their secrets */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_at: string;
              created_by_member_id: number | null;
              expires_at: string | null;
              id: number;
              key_prefix: string;
              label: string;
              /** @enum {string} */
              mode: 'live' | 'test';
              owner_key_id: number | null;
              revoked_at: string | null;
              scopes: string[];
              successor_key_id: number | null;
            }[];
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create an API key in the account (admin; the plaintext key is returned once) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            label: string;
            /**
             * @default live
             * @enum {string}
             */
            mode?: 'live' | 'test';
            scopes: (
              | 'verifications:write'
              | 'verifications:read'
              | 'verifications:review'
              | 'screen:ofac'
              | 'screening:write'
              | 'screening:read'
              | 'keys:write'
              | 'keys:read'
              | 'webhooks:write'
              | 'webhooks:read'
              | '*'
            )[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              api_key: string;
              created_at: string;
              id: number;
              label: string;
              /** @enum {string} */
              mode: 'live' | 'test';
              scopes: string[];
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/keys/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke any API key of the account, whoever minted it, and every key below it (admin; idempotent) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_at: string;
              created_by_member_id: number | null;
              expires_at: string | null;
              id: number;
              key_prefix: string;
              label: string;
              /** @enum {string} */
              mode: 'live' | 'test';
              owner_key_id: number | null;
              revoked_at: string | null;
              scopes: string[];
              successor_key_id: number | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/keys/{id}/roll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Roll an API key of the account (admin): its successor takes over everything it owns; the old key works until expires_at */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            expires_in_seconds?: number;
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              api_key: string;
              created_at: string;
              id: number;
              label: string;
              /** @enum {string} */
              mode: 'live' | 'test';
              rolled_key: {
                expires_at: string;
                id: number;
              };
              scopes: string[];
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's members and invitations (admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              invitations: {
                accepted_at: string | null;
                created_at: string;
                email: string;
                expires_at: string;
                id: number;
                invited_by: number | null;
                revoked_at: string | null;
                /** @enum {string} */
                role: 'admin' | 'reviewer' | 'viewer';
              }[];
              members: {
                account_id: number;
                created_at: string;
                display_name: string;
                email: string;
                id: number;
                operator: boolean;
                /** @enum {string} */
                role: 'admin' | 'reviewer' | 'viewer';
                sso_allowed: boolean;
              }[];
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/members/{member_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a member from the account (admin): every one of their sessions ends at once and their pending invitations are revoked; the account's last admin cannot be removed */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          member_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              ended_sessions: number;
              id: number;
              revoked_invitations: number;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Change a member's role (admin); the account's last admin cannot be demoted */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          member_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            role: 'admin' | 'reviewer' | 'viewer';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              account_id: number;
              created_at: string;
              display_name: string;
              email: string;
              id: number;
              operator: boolean;
              /** @enum {string} */
              role: 'admin' | 'reviewer' | 'viewer';
              sso_allowed: boolean;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  '/v1/console/members/{member_id}/sso': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Allow or stop single sign-on for a member who joined by invitation (admin); never for an operator member */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          member_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            allowed: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: number;
              sso_allowed: boolean;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/operator/accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every merchant account with its live API keys and verification counts (operator members) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_at: string;
              id: number;
              live_api_keys: number;
              name: string;
              verifications: number;
            }[];
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Open a merchant account and invite its first admin (operator members); the invitation link is returned once. The admin mints the account's API keys in the console. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: email */
            admin_email: string;
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_at: string;
              first_admin_invitation: {
                email: string;
                expires_at: string;
                id: number;
                /** @enum {string} */
                role: 'admin';
                url: string;
              };
              id: number;
              name: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/operator/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The deployment's readiness with every component, as /readyz reports it (operator members) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              components: {
                [key: string]: {
                  detail?: string;
                  /** @enum {string} */
                  status: 'ok' | 'degraded' | 'unavailable';
                };
              };
              /** @enum {string} */
              status: 'ready' | 'degraded' | 'not_ready';
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/publishable-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's publishable keys, each with the API key it belongs to (admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_origins: string[];
              api_key_id: number;
              created_at: string;
              id: number;
              label: string;
              publishable_key: string;
              revoked_at: string | null;
            }[];
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create a publishable key for one of the account’s live API keys (admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @default [] */
            allowed_origins?: string[];
            api_key_id: number;
            /** @default default */
            label?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_origins: string[];
              api_key_id: number;
              created_at: string;
              id: number;
              label: string;
              publishable_key: string;
              revoked_at: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/publishable-keys/{id}/origins': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Replace a live publishable key's allowed origins (admin) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            allowed_origins: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_origins: string[];
              api_key_id: number;
              created_at: string;
              id: number;
              label: string;
              publishable_key: string;
              revoked_at: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/publishable-keys/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a publishable key of the account (admin; idempotent) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_origins: string[];
              api_key_id: number;
              created_at: string;
              id: number;
              label: string;
              publishable_key: string;
              revoked_at: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/retention': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's retention periods in days (null: the deployment's), those applied, and the deployment's, which are the ceiling (admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              account: {
                media_days: number | null;
                pii_days: number | null;
                template_days: number | null;
              };
              applied: {
                media_days: number;
                pii_days: number;
                template_days: number;
              };
              deployment: {
                media_days: number;
                pii_days: number;
                template_days: number;
              };
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    /** Set the account's retention periods in days (admin): each at most the deployment's; null keeps the deployment's */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            media_days: number | null;
            pii_days: number | null;
            template_days: number | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              account: {
                media_days: number | null;
                pii_days: number | null;
                template_days: number | null;
              };
              applied: {
                media_days: number;
                pii_days: number;
                template_days: number;
              };
              deployment: {
                media_days: number;
                pii_days: number;
                template_days: number;
              };
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in member and the CSRF token their state-changing requests must send */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              csrf_token: string;
              member: {
                account_id: number;
                display_name: string;
                email: string;
                id: number;
                operator: boolean;
                /** @enum {string} */
                role: 'admin' | 'reviewer' | 'viewer';
              };
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/sign-in': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in with a passkey; sets a new session cookie (any previous session is ended) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            ceremony_id: string;
            credential: {
              [key: string]: unknown;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              csrf_token: string;
              member: {
                account_id: number;
                display_name: string;
                email: string;
                id: number;
                operator: boolean;
                /** @enum {string} */
                role: 'admin' | 'reviewer' | 'viewer';
              };
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/sign-in/options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start a passkey sign-in: the authentication options */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              ceremony_id: string;
              options: {
                [key: string]: unknown;
              };
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/sign-out': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End this session */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/sign-out-everywhere': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End every one of the member's sessions, on every device */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              ended_sessions: number;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/sso': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set the account's OpenID Connect provider (admin); the client secret is sealed and never returned */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            allowed_domains: string[];
            client_id: string;
            client_secret: string;
            /** Format: uri */
            issuer: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_domains: string[];
              client_id: string;
              issuer: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/sso/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the provider returns: signs the person in and sends them to the console */
    get: {
      parameters: {
        query: {
          state: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        303: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/sso/link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Link the signed-in member's own provider identity: the provider's address to open in this browser, whose callback must come with this session */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              location: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/sso/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Start single sign-on for an account: a redirect to its provider's authorization endpoint */
    get: {
      parameters: {
        query: {
          account: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/verifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's verifications, whichever key created them, newest first (the team queue: decision=review&reviewed=false) */
    get: {
      parameters: {
        query?: {
          assigned?: 'me' | 'none';
          created_from?: string;
          created_to?: string;
          decision?: 'approve' | 'review' | 'decline';
          external_ref?: string;
          id?: string;
          limit?: number;
          mode?: 'live' | 'test';
          name?: string;
          reason?:
            | 'ofac_match'
            | 'ofac_possible_match'
            | 'ofac_screen_unavailable'
            | 'face_duplicate_different_identity'
            | 'face_seen_before'
            | 'face_dedupe_unavailable'
            | 'barcode_parse_failed'
            | 'mandatory_elements_missing'
            | 'document_expired'
            | 'license_number_recompute_failed'
            | 'document_front_back_mismatch'
            | 'server_barcode_decode_unavailable'
            | 'document_front_unavailable'
            | 'mrz_unreadable'
            | 'mrz_check_digit_failed'
            | 'document_data_mismatch'
            | 'mrz_unavailable'
            | 'document_chip_not_read'
            | 'face_match_below_threshold'
            | 'face_match_unavailable'
            | 'liveness_below_threshold'
            | 'liveness_unavailable'
            | 'ml_degraded_capped_at_review';
          reviewed?: 'true' | 'false';
          starting_after?: string;
          status?: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data: {
                assigned_member_id: number | null;
                created_at: string;
                decided_at: string | null;
                decision: ('approve' | 'review' | 'decline') | null;
                decision_reasons: string[];
                document_type: ('drivers_license' | 'id_card' | 'passport') | null;
                document_types: ('drivers_license' | 'id_card' | 'passport')[];
                expires_at: string;
                external_ref: string;
                final_decision: ('approve' | 'decline') | null;
                id: string;
                metadata: {
                  [key: string]: unknown;
                };
                /** @enum {string} */
                mode: 'live' | 'test';
                mrz_review: boolean;
                redacted_at: string | null;
                return_url: string | null;
                review: {
                  /** @enum {string} */
                  decision: 'approve' | 'decline';
                  note: string;
                  reviewed_at: string;
                  reviewer_key_id: number | null;
                  reviewer_member_id?: number;
                } | null;
                score: number | null;
                /** @enum {string} */
                status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              }[];
              has_more: boolean;
              next_cursor: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/verifications/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A verification of the account with its checks and audit trail */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              assigned_member_id: number | null;
              audit_log: {
                actor: string;
                at: string;
                detail: {
                  [key: string]: unknown;
                };
                event: string;
              }[];
              checks:
                | {
                    document: {
                      /** @enum {string} */
                      document_type?: 'drivers_license' | 'id_card' | 'passport';
                      reasons: (
                        | 'barcode_parse_failed'
                        | 'mandatory_elements_missing'
                        | 'document_expired'
                        | 'license_number_recompute_failed'
                        | 'document_front_back_mismatch'
                        | 'server_barcode_decode_unavailable'
                        | 'document_front_unavailable'
                        | 'mrz_unreadable'
                        | 'mrz_check_digit_failed'
                        | 'document_data_mismatch'
                        | 'mrz_unavailable'
                        | 'document_chip_not_read'
                      )[];
                      /** @enum {string} */
                      status: 'ok';
                    };
                    face_dedupe:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason: 'unavailable';
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    face_match:
                      | {
                          duration_ms: number;
                          similarity: number | null;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    liveness:
                      | {
                          duration_ms: number;
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    sanctions:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          outcome: 'match' | 'possible_match' | 'no_match';
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    signals?:
                      | {
                          batches: number;
                          collected_at: string;
                          components_count: number;
                          device_hash: string | null;
                          other_verifications_with_device: number;
                        }
                      | {
                          detail: string;
                          /** @enum {string} */
                          status: 'none';
                        };
                    /** @enum {boolean} */
                    test_mode?: true;
                  }
                | {
                    [key: string]: unknown;
                  };
              created_at: string;
              decided_at: string | null;
              decision: ('approve' | 'review' | 'decline') | null;
              decision_reasons: string[];
              doc_checks:
                | {
                    document:
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    face_dedupe:
                      | {
                          current_identity_known?: boolean;
                          listed?: {
                            entry_id: string;
                            similarity: number;
                          };
                          nearest?: {
                            identity_known: boolean;
                            similarity: number;
                            verification_id?: string;
                          };
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          search?: 'hnsw' | 'exact';
                          /** @enum {boolean} */
                          searched?: false;
                          /** @enum {string} */
                          skipped_because?: 'no_selfie_template';
                          /** @enum {string} */
                          test_mode?: 'forced';
                          threshold?: number;
                        }
                      | {
                          error: string;
                          /** @enum {string} */
                          reason: 'unavailable';
                        };
                    face_match:
                      | {
                          distance?: number;
                          min_portrait_face_px?: number;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          operating_distance: number;
                          portrait_faces: number;
                          portrait_quality?: {
                            face_height_px: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          };
                          reason?: string;
                          selfie_frames_matched?: {
                            distance: number;
                            face_height_px: number;
                            frame: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          }[];
                          selfie_frames_used: number;
                          threshold: number;
                        }
                      | {
                          /** @enum {string} */
                          reason: 'no_document_front';
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    liveness:
                      | {
                          challenge: {
                            action_window_ms?: number;
                            actions: (
                              | 'turn_left'
                              | 'turn_right'
                              | 'look_up'
                              | 'look_down'
                              | 'smile'
                              | 'blink'
                              | 'open_mouth'
                            )[];
                            failure: string | null;
                            id: string;
                            passed: boolean;
                            steps: {
                              /** @enum {string} */
                              action:
                                | 'turn_left'
                                | 'turn_right'
                                | 'look_up'
                                | 'look_down'
                                | 'smile'
                                | 'blink'
                                | 'open_mouth';
                              best: number | null;
                              frames: number[];
                              needed: number;
                              seen: boolean;
                            }[];
                          } | null;
                          components: {
                            deformation: number;
                            identity_consistent: boolean;
                            pose: number;
                          };
                          frame_notes?: string[];
                          frames: number;
                          frames_used: number;
                          measured: {
                            deformation: number;
                            max_distance_to_medoid: number;
                            pitch_range_deg: number;
                            yaw_range_deg: number;
                          };
                          models: {
                            name: string;
                            version: string;
                          }[];
                          motion_score: number;
                          reasons?: string[];
                          replayed_frames?: number[];
                          threshold: number;
                          weights: {
                            deformation: number;
                            pose: number;
                          };
                        }
                      | {
                          /** @enum {number} */
                          frames: 0;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          reasons: string[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    sanctions:
                      | {
                          document?: {
                            issuing_state: string | null;
                            nationality: string | null;
                          };
                          list_version: string;
                          list_versions: {
                            [key: string]: string;
                          };
                          matches: {
                            /** @enum {string} */
                            list: 'ofac' | 'un' | 'eu' | 'uk' | 'opensanctions';
                            matched_name: string;
                            name: string;
                            programs: string[];
                            query_reading: {
                              system: string;
                              text: string;
                            } | null;
                            reference: string | null;
                            score: number;
                            /** @enum {string} */
                            type: 'individual' | 'entity' | 'vessel' | 'aircraft';
                            uid: number;
                          }[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                  }
                | {
                    [key: string]: unknown;
                  };
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              external_ref: string;
              final_decision: ('approve' | 'decline') | null;
              id: string;
              metadata: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              mode: 'live' | 'test';
              mrz_review: boolean;
              redacted_at: string | null;
              return_url: string | null;
              review: {
                /** @enum {string} */
                decision: 'approve' | 'decline';
                note: string;
                reviewed_at: string;
                reviewer_key_id: number | null;
                reviewer_member_id?: number;
              } | null;
              score: number | null;
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              test_outcome: string[] | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/verifications/{id}/assign': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Assign the case to a reviewer or admin of the account (member_id null: unassign) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            member_id: number | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              assigned_member_id: number | null;
              audit_log: {
                actor: string;
                at: string;
                detail: {
                  [key: string]: unknown;
                };
                event: string;
              }[];
              checks:
                | {
                    document: {
                      /** @enum {string} */
                      document_type?: 'drivers_license' | 'id_card' | 'passport';
                      reasons: (
                        | 'barcode_parse_failed'
                        | 'mandatory_elements_missing'
                        | 'document_expired'
                        | 'license_number_recompute_failed'
                        | 'document_front_back_mismatch'
                        | 'server_barcode_decode_unavailable'
                        | 'document_front_unavailable'
                        | 'mrz_unreadable'
                        | 'mrz_check_digit_failed'
                        | 'document_data_mismatch'
                        | 'mrz_unavailable'
                        | 'document_chip_not_read'
                      )[];
                      /** @enum {string} */
                      status: 'ok';
                    };
                    face_dedupe:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason: 'unavailable';
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    face_match:
                      | {
                          duration_ms: number;
                          similarity: number | null;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    liveness:
                      | {
                          duration_ms: number;
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    sanctions:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          outcome: 'match' | 'possible_match' | 'no_match';
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    signals?:
                      | {
                          batches: number;
                          collected_at: string;
                          components_count: number;
                          device_hash: string | null;
                          other_verifications_with_device: number;
                        }
                      | {
                          detail: string;
                          /** @enum {string} */
                          status: 'none';
                        };
                    /** @enum {boolean} */
                    test_mode?: true;
                  }
                | {
                    [key: string]: unknown;
                  };
              created_at: string;
              decided_at: string | null;
              decision: ('approve' | 'review' | 'decline') | null;
              decision_reasons: string[];
              doc_checks:
                | {
                    document:
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    face_dedupe:
                      | {
                          current_identity_known?: boolean;
                          listed?: {
                            entry_id: string;
                            similarity: number;
                          };
                          nearest?: {
                            identity_known: boolean;
                            similarity: number;
                            verification_id?: string;
                          };
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          search?: 'hnsw' | 'exact';
                          /** @enum {boolean} */
                          searched?: false;
                          /** @enum {string} */
                          skipped_because?: 'no_selfie_template';
                          /** @enum {string} */
                          test_mode?: 'forced';
                          threshold?: number;
                        }
                      | {
                          error: string;
                          /** @enum {string} */
                          reason: 'unavailable';
                        };
                    face_match:
                      | {
                          distance?: number;
                          min_portrait_face_px?: number;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          operating_distance: number;
                          portrait_faces: number;
                          portrait_quality?: {
                            face_height_px: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          };
                          reason?: string;
                          selfie_frames_matched?: {
                            distance: number;
                            face_height_px: number;
                            frame: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          }[];
                          selfie_frames_used: number;
                          threshold: number;
                        }
                      | {
                          /** @enum {string} */
                          reason: 'no_document_front';
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    liveness:
                      | {
                          challenge: {
                            action_window_ms?: number;
                            actions: (
                              | 'turn_left'
                              | 'turn_right'
                              | 'look_up'
                              | 'look_down'
                              | 'smile'
                              | 'blink'
                              | 'open_mouth'
                            )[];
                            failure: string | null;
                            id: string;
                            passed: boolean;
                            steps: {
                              /** @enum {string} */
                              action:
                                | 'turn_left'
                                | 'turn_right'
                                | 'look_up'
                                | 'look_down'
                                | 'smile'
                                | 'blink'
                                | 'open_mouth';
                              best: number | null;
                              frames: number[];
                              needed: number;
                              seen: boolean;
                            }[];
                          } | null;
                          components: {
                            deformation: number;
                            identity_consistent: boolean;
                            pose: number;
                          };
                          frame_notes?: string[];
                          frames: number;
                          frames_used: number;
                          measured: {
                            deformation: number;
                            max_distance_to_medoid: number;
                            pitch_range_deg: number;
                            yaw_range_deg: number;
                          };
                          models: {
                            name: string;
                            version: string;
                          }[];
                          motion_score: number;
                          reasons?: string[];
                          replayed_frames?: number[];
                          threshold: number;
                          weights: {
                            deformation: number;
                            pose: number;
                          };
                        }
                      | {
                          /** @enum {number} */
                          frames: 0;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          reasons: string[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    sanctions:
                      | {
                          document?: {
                            issuing_state: string | null;
                            nationality: string | null;
                          };
                          list_version: string;
                          list_versions: {
                            [key: string]: string;
                          };
                          matches: {
                            /** @enum {string} */
                            list: 'ofac' | 'un' | 'eu' | 'uk' | 'opensanctions';
                            matched_name: string;
                            name: string;
                            programs: string[];
                            query_reading: {
                              system: string;
                              text: string;
                            } | null;
                            reference: string | null;
                            score: number;
                            /** @enum {string} */
                            type: 'individual' | 'entity' | 'vessel' | 'aircraft';
                            uid: number;
                          }[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                  }
                | {
                    [key: string]: unknown;
                  };
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              external_ref: string;
              final_decision: ('approve' | 'decline') | null;
              id: string;
              metadata: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              mode: 'live' | 'test';
              mrz_review: boolean;
              redacted_at: string | null;
              return_url: string | null;
              review: {
                /** @enum {string} */
                decision: 'approve' | 'decline';
                note: string;
                reviewed_at: string;
                reviewer_key_id: number | null;
                reviewer_member_id?: number;
              } | null;
              score: number | null;
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              test_outcome: string[] | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/verifications/{id}/media': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The evidence: signed links to the verification's images, valid 3600 s */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              expires_at: string;
              items: {
                bytes: number;
                content_type: string;
                index: number;
                kind: string;
                url: string;
              }[];
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/verifications/{id}/review': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Decide a verification decided review, with a required note; the audit trail names the member */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            decision: 'approve' | 'decline';
            note: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              assigned_member_id: number | null;
              audit_log: {
                actor: string;
                at: string;
                detail: {
                  [key: string]: unknown;
                };
                event: string;
              }[];
              checks:
                | {
                    document: {
                      /** @enum {string} */
                      document_type?: 'drivers_license' | 'id_card' | 'passport';
                      reasons: (
                        | 'barcode_parse_failed'
                        | 'mandatory_elements_missing'
                        | 'document_expired'
                        | 'license_number_recompute_failed'
                        | 'document_front_back_mismatch'
                        | 'server_barcode_decode_unavailable'
                        | 'document_front_unavailable'
                        | 'mrz_unreadable'
                        | 'mrz_check_digit_failed'
                        | 'document_data_mismatch'
                        | 'mrz_unavailable'
                        | 'document_chip_not_read'
                      )[];
                      /** @enum {string} */
                      status: 'ok';
                    };
                    face_dedupe:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason: 'unavailable';
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    face_match:
                      | {
                          duration_ms: number;
                          similarity: number | null;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    liveness:
                      | {
                          duration_ms: number;
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    sanctions:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          outcome: 'match' | 'possible_match' | 'no_match';
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    signals?:
                      | {
                          batches: number;
                          collected_at: string;
                          components_count: number;
                          device_hash: string | null;
                          other_verifications_with_device: number;
                        }
                      | {
                          detail: string;
                          /** @enum {string} */
                          status: 'none';
                        };
                    /** @enum {boolean} */
                    test_mode?: true;
                  }
                | {
                    [key: string]: unknown;
                  };
              created_at: string;
              decided_at: string | null;
              decision: ('approve' | 'review' | 'decline') | null;
              decision_reasons: string[];
              doc_checks:
                | {
                    document:
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    face_dedupe:
                      | {
                          current_identity_known?: boolean;
                          listed?: {
                            entry_id: string;
                            similarity: number;
                          };
                          nearest?: {
                            identity_known: boolean;
                            similarity: number;
                            verification_id?: string;
                          };
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          search?: 'hnsw' | 'exact';
                          /** @enum {boolean} */
                          searched?: false;
                          /** @enum {string} */
                          skipped_because?: 'no_selfie_template';
                          /** @enum {string} */
                          test_mode?: 'forced';
                          threshold?: number;
                        }
                      | {
                          error: string;
                          /** @enum {string} */
                          reason: 'unavailable';
                        };
                    face_match:
                      | {
                          distance?: number;
                          min_portrait_face_px?: number;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          operating_distance: number;
                          portrait_faces: number;
                          portrait_quality?: {
                            face_height_px: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          };
                          reason?: string;
                          selfie_frames_matched?: {
                            distance: number;
                            face_height_px: number;
                            frame: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          }[];
                          selfie_frames_used: number;
                          threshold: number;
                        }
                      | {
                          /** @enum {string} */
                          reason: 'no_document_front';
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    liveness:
                      | {
                          challenge: {
                            action_window_ms?: number;
                            actions: (
                              | 'turn_left'
                              | 'turn_right'
                              | 'look_up'
                              | 'look_down'
                              | 'smile'
                              | 'blink'
                              | 'open_mouth'
                            )[];
                            failure: string | null;
                            id: string;
                            passed: boolean;
                            steps: {
                              /** @enum {string} */
                              action:
                                | 'turn_left'
                                | 'turn_right'
                                | 'look_up'
                                | 'look_down'
                                | 'smile'
                                | 'blink'
                                | 'open_mouth';
                              best: number | null;
                              frames: number[];
                              needed: number;
                              seen: boolean;
                            }[];
                          } | null;
                          components: {
                            deformation: number;
                            identity_consistent: boolean;
                            pose: number;
                          };
                          frame_notes?: string[];
                          frames: number;
                          frames_used: number;
                          measured: {
                            deformation: number;
                            max_distance_to_medoid: number;
                            pitch_range_deg: number;
                            yaw_range_deg: number;
                          };
                          models: {
                            name: string;
                            version: string;
                          }[];
                          motion_score: number;
                          reasons?: string[];
                          replayed_frames?: number[];
                          threshold: number;
                          weights: {
                            deformation: number;
                            pose: number;
                          };
                        }
                      | {
                          /** @enum {number} */
                          frames: 0;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          reasons: string[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    sanctions:
                      | {
                          document?: {
                            issuing_state: string | null;
                            nationality: string | null;
                          };
                          list_version: string;
                          list_versions: {
                            [key: string]: string;
                          };
                          matches: {
                            /** @enum {string} */
                            list: 'ofac' | 'un' | 'eu' | 'uk' | 'opensanctions';
                            matched_name: string;
                            name: string;
                            programs: string[];
                            query_reading: {
                              system: string;
                              text: string;
                            } | null;
                            reference: string | null;
                            score: number;
                            /** @enum {string} */
                            type: 'individual' | 'entity' | 'vessel' | 'aircraft';
                            uid: number;
                          }[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                  }
                | {
                    [key: string]: unknown;
                  };
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              external_ref: string;
              final_decision: ('approve' | 'decline') | null;
              id: string;
              metadata: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              mode: 'live' | 'test';
              mrz_review: boolean;
              redacted_at: string | null;
              return_url: string | null;
              review: {
                /** @enum {string} */
                decision: 'approve' | 'decline';
                note: string;
                reviewed_at: string;
                reviewer_key_id: number | null;
                reviewer_member_id?: number;
              } | null;
              score: number | null;
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              test_outcome: string[] | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/verifications/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The list's filters as a CSV file, newest first, at most 10000 rows; no personal data */
    get: {
      parameters: {
        query?: {
          assigned?: 'me' | 'none';
          created_from?: string;
          created_to?: string;
          decision?: 'approve' | 'review' | 'decline';
          external_ref?: string;
          id?: string;
          mode?: 'live' | 'test';
          name?: string;
          reason?:
            | 'ofac_match'
            | 'ofac_possible_match'
            | 'ofac_screen_unavailable'
            | 'face_duplicate_different_identity'
            | 'face_seen_before'
            | 'face_dedupe_unavailable'
            | 'barcode_parse_failed'
            | 'mandatory_elements_missing'
            | 'document_expired'
            | 'license_number_recompute_failed'
            | 'document_front_back_mismatch'
            | 'server_barcode_decode_unavailable'
            | 'document_front_unavailable'
            | 'mrz_unreadable'
            | 'mrz_check_digit_failed'
            | 'document_data_mismatch'
            | 'mrz_unavailable'
            | 'document_chip_not_read'
            | 'face_match_below_threshold'
            | 'face_match_unavailable'
            | 'liveness_below_threshold'
            | 'liveness_unavailable'
            | 'ml_degraded_capped_at_review';
          reviewed?: 'true' | 'false';
          status?: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description text/csv */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': string;
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's active webhook endpoints (admin), each with the deliveries that failed since its last delivered one (`failing`, null when none) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              active: boolean;
              created_at: string;
              events: string[];
              failing: {
                deliveries: number;
                since: string;
              } | null;
              id: number;
              /** @enum {string} */
              mode: 'live' | 'test';
              url: string;
            }[];
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Register an account webhook endpoint (admin): it receives the events of every verification of the account of its mode; the signing secret is returned once */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            events: string[];
            /**
             * @default live
             * @enum {string}
             */
            mode?: 'live' | 'test';
            url: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              active: boolean;
              created_at: string;
              events: string[];
              id: number;
              /** @enum {string} */
              mode: 'live' | 'test';
              secret: string;
              url: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/webhooks/{endpoint_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Disable an account webhook endpoint (admin): deliveries stop and pending ones are cancelled */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpoint_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/webhooks/{endpoint_id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An account endpoint's recent deliveries with every attempt, newest first (admin); page with starting_after=<next_cursor> */
    get: {
      parameters: {
        query?: {
          limit?: number;
          starting_after?: string;
        };
        header?: never;
        path: {
          endpoint_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data: {
                attempt_count: number;
                attempts: {
                  attempt: number;
                  attempted_at: string;
                  error: string | null;
                  latency_ms: number;
                  response_excerpt: string | null;
                  status_code: number | null;
                }[];
                completed_at: string | null;
                created_at: string;
                endpoint_id: number;
                event: string;
                event_id: string;
                id: number;
                next_attempt_at: string | null;
                /** @enum {string} */
                status: 'pending' | 'delivered' | 'failed' | 'cancelled';
                verification_id: string | null;
              }[];
              has_more: boolean;
              next_cursor: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/webhooks/{endpoint_id}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send an account endpoint the events of a time range again (admin; default: all kept, the last 30 days); delivered ones are not sent twice */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpoint_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Inclusive; UTC when no zone is given */
            created_after?: string;
            /** @description Exclusive; UTC when no zone is given */
            created_before?: string;
            types?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              from: string;
              redelivered: number;
              to: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/console/webhooks/deliveries/{delivery_id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a delivery of an account endpoint again, with a fresh run of attempts (admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          delivery_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              attempt_count: number;
              attempts: {
                attempt: number;
                attempted_at: string;
                error: string | null;
                latency_ms: number;
                response_excerpt: string | null;
                status_code: number | null;
              }[];
              completed_at: string | null;
              created_at: string;
              endpoint_id: number;
              event: string;
              event_id: string;
              id: number;
              next_attempt_at: string | null;
              /** @enum {string} */
              status: 'pending' | 'delivered' | 'failed' | 'cancelled';
              verification_id: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The events of the verifications this key owns, newest first, kept 30 days; page to older ones with starting_after=<next_cursor>, or catch up on newer ones than a stored event id with ending_before=<id> (then ending_before=<next_cursor> while has_more) */
    get: {
      parameters: {
        query?: {
          ending_before?: string;
          limit?: number;
          starting_after?: string;
          type?:
            | 'verification.created'
            | 'verification.processing'
            | 'verification.decided'
            | 'verification.reviewed'
            | 'verification.expired'
            | 'verification.canceled'
            | 'verification.redacted'
            | 'screening.match'
            | 'screening.match_removed';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data: {
                created_at: string;
                data: {
                  [key: string]: unknown;
                };
                event: string;
                id: string;
                verification_id: string | null;
              }[];
              has_more: boolean;
              next_cursor: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/faces/blocklist': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the blocklisted faces (labels only) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_at: string;
              id: number;
              label: string;
            }[];
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Add a known fraudulent face (only its template is stored) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            image_b64: string;
            label: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_at: string;
              id: number;
              label: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/faces/blocklist/{entry_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a blocklisted face */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          entry_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/free/ofac': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Free name lookup, no key: 30 per client IP per rolling hour */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: date */
            dob?: string;
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              list_version: string;
              matches: {
                matched_name: string;
                name: string;
                programs: string[];
                query_reading: {
                  system: string;
                  text: string;
                } | null;
                score: number;
                type: string;
                uid: number;
              }[];
              /** @enum {string} */
              outcome: 'match' | 'possible_match' | 'no_match';
              query: {
                name: string;
                readings: {
                  system: string;
                  text: string;
                }[];
              };
              score: number;
            };
          };
        };
        /** @description Default Response */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the calling key and every key below it (those it created, and theirs) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_at: string;
              id: number;
              label: string;
              last_used_at: string | null;
              /** @enum {string} */
              mode: 'live' | 'test';
              revoked_at: string | null;
              scopes: string[];
            }[];
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create an API key below the calling one, with scopes the caller holds (the plaintext key is returned once) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            label: string;
            /** @enum {string} */
            mode?: 'live' | 'test';
            scopes: (
              | 'verifications:write'
              | 'verifications:read'
              | 'verifications:review'
              | 'screen:ofac'
              | 'screening:write'
              | 'screening:read'
              | 'keys:write'
              | 'keys:read'
              | 'webhooks:write'
              | 'webhooks:read'
              | '*'
            )[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              api_key: string;
              created_at: string;
              id: number;
              label: string;
              /** @enum {string} */
              mode: 'live' | 'test';
              scopes: string[];
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/keys/{key_id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a key and every key below it (idempotent; effective immediately) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path: {
          key_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_at: string;
              id: number;
              label: string;
              last_used_at: string | null;
              /** @enum {string} */
              mode: 'live' | 'test';
              revoked_at: string | null;
              scopes: string[];
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/keys/{key_id}/roll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Roll a key: mint its successor (the plaintext is returned once), which takes over everything the key owns; the old key works until expires_at
     * @description The successor has the key's label, scopes and mode and its place in the tree. The old key acts as the successor for `expires_in_seconds` (0 to 604800, default one day), then stops working. Revoking the old key never revokes the successor.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path: {
          key_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            expires_in_seconds?: number;
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              api_key: string;
              created_at: string;
              id: number;
              label: string;
              /** @enum {string} */
              mode: 'live' | 'test';
              rolled_key: {
                expires_at: string;
                id: number;
              };
              scopes: string[];
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/media/{media_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Fetch a stored image through a presigned link (no credentials; link expires after 3600 s) */
    get: {
      parameters: {
        query?: {
          expires?: string;
          signature?: string;
        };
        header?: never;
        path: {
          media_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/publishable-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the calling key’s publishable keys */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_origins: string[];
              created_at: string;
              id: number;
              label: string;
              publishable_key: string;
              revoked_at: string | null;
            }[];
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create a publishable key for the browser SDK, owned by the calling API key */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @default [] */
            allowed_origins?: string[];
            /** @default default */
            label?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_origins: string[];
              created_at: string;
              id: number;
              label: string;
              publishable_key: string;
              revoked_at: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/publishable-keys/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a publishable key (idempotent) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_origins: string[];
              created_at: string;
              id: number;
              label: string;
              publishable_key: string;
              revoked_at: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/screen/lists': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every enabled list: source, version, publication date, size, last refresh and status */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/screen/name': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Screen a name against several lists (OFAC, UN, EU, UK, OpenSanctions); each match names its list */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: date */
            dob?: string;
            lists?: ('ofac' | 'un' | 'eu' | 'uk' | 'opensanctions')[];
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              list_versions: {
                [key: string]: string;
              };
              lists_unavailable: ('ofac' | 'un' | 'eu' | 'uk' | 'opensanctions')[];
              matches: {
                /** @enum {string} */
                list: 'ofac' | 'un' | 'eu' | 'uk' | 'opensanctions';
                matched_name: string;
                name: string;
                programs: string[];
                query_reading: {
                  system: string;
                  text: string;
                } | null;
                reference: string | null;
                score: number;
                type: string;
                uid: number;
              }[];
              /** @enum {string} */
              outcome: 'match' | 'possible_match' | 'no_match';
              query: {
                name: string;
                readings: {
                  system: string;
                  text: string;
                }[];
              };
              score: number;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/screen/ofac': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Screen a name (and optional date of birth) against the OFAC SDN list */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: date */
            dob?: string;
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              list_version: string;
              matches: {
                matched_name: string;
                name: string;
                programs: string[];
                query_reading: {
                  system: string;
                  text: string;
                } | null;
                score: number;
                type: string;
                uid: number;
              }[];
              /** @enum {string} */
              outcome: 'match' | 'possible_match' | 'no_match';
              query: {
                name: string;
                readings: {
                  system: string;
                  text: string;
                }[];
              };
              score: number;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/screen/ofac/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Which list is loaded, when, its size, the last refresh and queries served */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/screen/wallet': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Screen a crypto wallet address against the SDN list’s digital currency addresses */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            address: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              list_version: string;
              matches: {
                address: string;
                currency: string;
                name: string;
                uid: number;
              }[];
              /** @enum {string} */
              outcome: 'match' | 'no_match';
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/screening/monitors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This key's monitors, newest first; page with starting_after=<next_cursor> */
    get: {
      parameters: {
        query?: {
          limit?: number;
          starting_after?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data: {
                address?: string;
                chain?: string | null;
                country?: string | null;
                created_at: string;
                date_of_birth?: string | null;
                external_ref: string | null;
                id: string;
                /** @enum {string} */
                kind: 'name' | 'wallet';
                name?: string;
              }[];
              has_more: boolean;
              next_cursor: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Watch a name ({name, date_of_birth?, country?}) or a wallet ({address, chain?}): re-screened on every list update, a match sent as screening.match */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            address?: string;
            chain?: string;
            country?: string;
            /** Format: date */
            date_of_birth?: string;
            external_ref?: string;
            name?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              address?: string;
              chain?: string | null;
              country?: string | null;
              created_at: string;
              date_of_birth?: string | null;
              external_ref: string | null;
              id: string;
              /** @enum {string} */
              kind: 'name' | 'wallet';
              name?: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/screening/monitors/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One monitor; another key’s or an unknown one is 404 monitor not found */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              address?: string;
              chain?: string | null;
              country?: string | null;
              created_at: string;
              date_of_birth?: string | null;
              external_ref: string | null;
              id: string;
              /** @enum {string} */
              kind: 'name' | 'wallet';
              name?: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Stop watching: the monitor and its subject are erased for good */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/branding/logo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The logo of the token's verification's merchant account (WebP), for the hosted flow's header */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/challenge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a liveness challenge: 2–3 random actions for the selfie to show, in order
     * @description The newest challenge is in the session state as `liveness_challenge`. It is single use, must be answered within 2 minutes of its issue (and while the client token lives), and replaces any unanswered one. Answer it by sending the selfie frames with `liveness_challenge: {id, frames: [{action, captured_at_ms}]}` (docs/faces.md). At most 3 per verification (409).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              branding: {
                colour: string | null;
                display_name: string | null;
                logo_url: string | null;
                privacy_url: string | null;
                support_url: string | null;
              } | null;
              consent_given: boolean;
              decision: ('approve' | 'review' | 'decline') | null;
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              liveness_challenge: {
                action_window_ms: number;
                actions: (
                  'turn_left' | 'turn_right' | 'look_up' | 'look_down' | 'smile' | 'blink' | 'open_mouth'
                )[];
                answered: boolean;
                expires_at: string;
                id: string;
                issued_at: string;
                max_action_window_ms: number;
              } | null;
              /** @enum {string} */
              mode: 'live' | 'test';
              remaining_steps: ('doc_front' | 'doc_back' | 'selfie')[];
              result: ('approved' | 'in_review' | 'declined') | null;
              retention: {
                face_template_days: number;
                media_days: number;
                personal_data_days: number;
              };
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              steps: {
                /** @enum {string} */
                doc_back: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                doc_front: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                selfie: 'pending' | 'done' | 'skipped';
              };
              test_outcome: string[] | null;
              token_expires_at: string;
              verification_id: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/consent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Record the end user’s consent (time, IP and user agent go to the audit log) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            consent: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              branding: {
                colour: string | null;
                display_name: string | null;
                logo_url: string | null;
                privacy_url: string | null;
                support_url: string | null;
              } | null;
              consent_given: boolean;
              decision: ('approve' | 'review' | 'decline') | null;
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              liveness_challenge: {
                action_window_ms: number;
                actions: (
                  'turn_left' | 'turn_right' | 'look_up' | 'look_down' | 'smile' | 'blink' | 'open_mouth'
                )[];
                answered: boolean;
                expires_at: string;
                id: string;
                issued_at: string;
                max_action_window_ms: number;
              } | null;
              /** @enum {string} */
              mode: 'live' | 'test';
              remaining_steps: ('doc_front' | 'doc_back' | 'selfie')[];
              result: ('approved' | 'in_review' | 'declined') | null;
              retention: {
                face_template_days: number;
                media_days: number;
                personal_data_days: number;
              };
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              steps: {
                /** @enum {string} */
                doc_back: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                doc_front: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                selfie: 'pending' | 'done' | 'skipped';
              };
              test_outcome: string[] | null;
              token_expires_at: string;
              verification_id: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/document': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a side of the document: a licence’s front or back (the back’s PDF417 is read on the server), a passport’s data page (front), an ID card’s front or back
     * @description `document_type` is one of the verification’s `document_types` (422 `document_type_not_allowed` otherwise); a licence when omitted. The first document upload chooses the type; an upload of another type restarts document capture (earlier document images are discarded). A passport is one image, its data page, sent with `side: "front"`; the status then moves straight to `selfie`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            barcode?: string;
            /** @enum {string} */
            document_type?: 'drivers_license' | 'id_card' | 'passport';
            image_b64?: string;
            /** @enum {string} */
            side: 'front' | 'back';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              branding: {
                colour: string | null;
                display_name: string | null;
                logo_url: string | null;
                privacy_url: string | null;
                support_url: string | null;
              } | null;
              consent_given: boolean;
              decision: ('approve' | 'review' | 'decline') | null;
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              liveness_challenge: {
                action_window_ms: number;
                actions: (
                  'turn_left' | 'turn_right' | 'look_up' | 'look_down' | 'smile' | 'blink' | 'open_mouth'
                )[];
                answered: boolean;
                expires_at: string;
                id: string;
                issued_at: string;
                max_action_window_ms: number;
              } | null;
              /** @enum {string} */
              mode: 'live' | 'test';
              remaining_steps: ('doc_front' | 'doc_back' | 'selfie')[];
              result: ('approved' | 'in_review' | 'declined') | null;
              retention: {
                face_template_days: number;
                media_days: number;
                personal_data_days: number;
              };
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              steps: {
                /** @enum {string} */
                doc_back: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                doc_front: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                selfie: 'pending' | 'done' | 'skipped';
              };
              test_outcome: string[] | null;
              token_expires_at: string;
              verification_id: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/handoff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Status of this verification’s latest handoff link, for the first device’s progress view */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              claimed_at: string | null;
              expires_at: string | null;
              /** @enum {string} */
              status: 'none' | 'waiting' | 'claimed' | 'expired';
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create a single-use link (valid 10 minutes) that continues this verification on another device */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              expires_at: string;
              handoff_token: string;
              url: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/handoff/claim': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Exchange a handoff link’s token, once, for a client token of this device */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            handoff_token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              client_token: string;
              token_expires_at: string;
              verification_id: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/init': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The hosted flow confirms its launch: the SDK’s publishable key is the merchant’s, and the embedding page and return address are on origins the merchant allowed
     * @description Each field is checked when present. `origin` and `redirect_url` must be on an origin listed in `allowed_origins` of one of the live publishable keys of the API key that created the verification (loopback addresses are always allowed, for development); otherwise 403.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            origin?: string;
            publishable_key?: string;
            redirect_url?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/selfie': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Upload the selfie as frames (first 8 kept) or a WebM/MP4 video */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            frames_b64?: string[];
            liveness_challenge?: {
              action_window_ms?: number;
              frames: {
                /** @enum {string} */
                action:
                  | 'neutral'
                  | 'turn_left'
                  | 'turn_right'
                  | 'look_up'
                  | 'look_down'
                  | 'smile'
                  | 'blink'
                  | 'open_mouth';
                captured_at_ms: number;
              }[];
              id: string;
            };
            video_b64?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              branding: {
                colour: string | null;
                display_name: string | null;
                logo_url: string | null;
                privacy_url: string | null;
                support_url: string | null;
              } | null;
              consent_given: boolean;
              decision: ('approve' | 'review' | 'decline') | null;
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              liveness_challenge: {
                action_window_ms: number;
                actions: (
                  'turn_left' | 'turn_right' | 'look_up' | 'look_down' | 'smile' | 'blink' | 'open_mouth'
                )[];
                answered: boolean;
                expires_at: string;
                id: string;
                issued_at: string;
                max_action_window_ms: number;
              } | null;
              /** @enum {string} */
              mode: 'live' | 'test';
              remaining_steps: ('doc_front' | 'doc_back' | 'selfie')[];
              result: ('approved' | 'in_review' | 'declined') | null;
              retention: {
                face_template_days: number;
                media_days: number;
                personal_data_days: number;
              };
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              steps: {
                /** @enum {string} */
                doc_back: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                doc_front: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                selfie: 'pending' | 'done' | 'skipped';
              };
              test_outcome: string[] | null;
              token_expires_at: string;
              verification_id: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/state': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Current session state of the token’s verification */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              branding: {
                colour: string | null;
                display_name: string | null;
                logo_url: string | null;
                privacy_url: string | null;
                support_url: string | null;
              } | null;
              consent_given: boolean;
              decision: ('approve' | 'review' | 'decline') | null;
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              liveness_challenge: {
                action_window_ms: number;
                actions: (
                  'turn_left' | 'turn_right' | 'look_up' | 'look_down' | 'smile' | 'blink' | 'open_mouth'
                )[];
                answered: boolean;
                expires_at: string;
                id: string;
                issued_at: string;
                max_action_window_ms: number;
              } | null;
              /** @enum {string} */
              mode: 'live' | 'test';
              remaining_steps: ('doc_front' | 'doc_back' | 'selfie')[];
              result: ('approved' | 'in_review' | 'declined') | null;
              retention: {
                face_template_days: number;
                media_days: number;
                personal_data_days: number;
              };
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              steps: {
                /** @enum {string} */
                doc_back: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                doc_front: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                selfie: 'pending' | 'done' | 'skipped';
              };
              test_outcome: string[] | null;
              token_expires_at: string;
              verification_id: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/submit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Finalise: validate, run every check, decide and emit verification.decided */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            barcode?: string;
            consent?: boolean;
            frames_b64?: string[];
            image_b64?: string;
            liveness_challenge?: {
              action_window_ms?: number;
              frames: {
                /** @enum {string} */
                action:
                  | 'neutral'
                  | 'turn_left'
                  | 'turn_right'
                  | 'look_up'
                  | 'look_down'
                  | 'smile'
                  | 'blink'
                  | 'open_mouth';
                captured_at_ms: number;
              }[];
              id: string;
            };
            test_outcome?: (
              | 'ofac_match'
              | 'ofac_possible_match'
              | 'ofac_screen_unavailable'
              | 'face_duplicate_different_identity'
              | 'face_seen_before'
              | 'face_dedupe_unavailable'
              | 'barcode_parse_failed'
              | 'mandatory_elements_missing'
              | 'document_expired'
              | 'license_number_recompute_failed'
              | 'document_front_back_mismatch'
              | 'server_barcode_decode_unavailable'
              | 'document_front_unavailable'
              | 'mrz_unreadable'
              | 'mrz_check_digit_failed'
              | 'document_data_mismatch'
              | 'mrz_unavailable'
              | 'document_chip_not_read'
              | 'face_match_below_threshold'
              | 'face_match_unavailable'
              | 'liveness_below_threshold'
              | 'liveness_unavailable'
              | 'ml_degraded_capped_at_review'
            )[];
            video_b64?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              branding: {
                colour: string | null;
                display_name: string | null;
                logo_url: string | null;
                privacy_url: string | null;
                support_url: string | null;
              } | null;
              consent_given: boolean;
              decision: ('approve' | 'review' | 'decline') | null;
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              liveness_challenge: {
                action_window_ms: number;
                actions: (
                  'turn_left' | 'turn_right' | 'look_up' | 'look_down' | 'smile' | 'blink' | 'open_mouth'
                )[];
                answered: boolean;
                expires_at: string;
                id: string;
                issued_at: string;
                max_action_window_ms: number;
              } | null;
              /** @enum {string} */
              mode: 'live' | 'test';
              remaining_steps: ('doc_front' | 'doc_back' | 'selfie')[];
              result: ('approved' | 'in_review' | 'declined') | null;
              retention: {
                face_template_days: number;
                media_days: number;
                personal_data_days: number;
              };
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              steps: {
                /** @enum {string} */
                doc_back: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                doc_front: 'pending' | 'done' | 'skipped';
                /** @enum {string} */
                selfie: 'pending' | 'done' | 'skipped';
              };
              test_outcome: string[] | null;
              token_expires_at: string;
              verification_id: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/session/test-samples/{kind}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Test mode: a sample image to upload instead of a camera capture (404 in live mode) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          kind:
            | 'document_front'
            | 'document_back'
            | 'selfie'
            | 'passport_data_page'
            | 'id_card_front'
            | 'id_card_back';
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_type: string;
              image_b64: string;
              /** @enum {string} */
              kind:
                | 'document_front'
                | 'document_back'
                | 'selfie'
                | 'passport_data_page'
                | 'id_card_front'
                | 'id_card_back';
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/signals/collect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Collect device signals (no credentials; body at most 64 KB; no rate cap)
     * @description Stores up to 50 components, each value stringified and cut to 500 characters. A valid `client_token` links them to its verification; an invalid or expired one is not an error: the signals are stored unlinked (`linked: false`). Requests are never refused for their rate; storage is capped per verification and, for unlinked batches, per client address and hour (`stored: false` beyond).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            client_token?: string | null;
            components: {
              [key: string]: unknown;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Component keys stored (at most 50) */
              accepted: number;
              /** @description Component keys beyond the first 50, not stored */
              dropped_keys: number;
              /** @description Whether a valid client token linked the signals to its verification */
              linked: boolean;
              /** @description False when a storage cap was reached (batches per verification, or unlinked batches per address and hour): answered, not kept */
              stored: boolean;
              /** @description Values cut to 500 characters */
              truncated_values: number;
            };
          };
        };
        /** @description Default Response */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Completed (decided) verifications per day for the calling key */
    get: {
      parameters: {
        query?: {
          from?: string;
          to?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data: {
                day: string;
                verifications: number;
              }[];
              from: string;
              to: string;
              total: number;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/verifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List verifications, newest first; page with starting_after=<next_cursor> */
    get: {
      parameters: {
        query?: {
          decision?: 'approve' | 'review' | 'decline';
          external_ref?: string;
          limit?: number;
          reviewed?: 'true' | 'false';
          starting_after?: string;
          status?: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data: {
                created_at: string;
                decided_at: string | null;
                decision: ('approve' | 'review' | 'decline') | null;
                decision_reasons: string[];
                document_type: ('drivers_license' | 'id_card' | 'passport') | null;
                document_types: ('drivers_license' | 'id_card' | 'passport')[];
                expires_at: string;
                external_ref: string;
                final_decision: ('approve' | 'decline') | null;
                id: string;
                metadata: {
                  [key: string]: unknown;
                };
                /** @enum {string} */
                mode: 'live' | 'test';
                mrz_review: boolean;
                redacted_at: string | null;
                return_url: string | null;
                review: {
                  /** @enum {string} */
                  decision: 'approve' | 'decline';
                  note: string;
                  reviewed_at: string;
                  reviewer_key_id: number | null;
                  reviewer_member_id?: number;
                } | null;
                score: number | null;
                /** @enum {string} */
                status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              }[];
              has_more: boolean;
              next_cursor: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create a verification; each call creates one unless it repeats an Idempotency-Key (reconcile uncertain creates with external_ref) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            document_types?: ('drivers_license' | 'id_card' | 'passport')[];
            external_ref: string;
            metadata?: {
              [key: string]: string | number | boolean | null;
            };
            monitor?: boolean;
            mrz_review?: boolean;
            /** @description Where the hosted flow sends the end user back when finished (redirect mode) */
            return_url?: string;
            test_outcome?: (
              | 'ofac_match'
              | 'ofac_possible_match'
              | 'ofac_screen_unavailable'
              | 'face_duplicate_different_identity'
              | 'face_seen_before'
              | 'face_dedupe_unavailable'
              | 'barcode_parse_failed'
              | 'mandatory_elements_missing'
              | 'document_expired'
              | 'license_number_recompute_failed'
              | 'document_front_back_mismatch'
              | 'server_barcode_decode_unavailable'
              | 'document_front_unavailable'
              | 'mrz_unreadable'
              | 'mrz_check_digit_failed'
              | 'document_data_mismatch'
              | 'mrz_unavailable'
              | 'document_chip_not_read'
              | 'face_match_below_threshold'
              | 'face_match_unavailable'
              | 'liveness_below_threshold'
              | 'liveness_unavailable'
              | 'ml_degraded_capped_at_review'
            )[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              client_token: string;
              client_token_expires_at: string;
              created_at: string;
              decided_at: string | null;
              decision: ('approve' | 'review' | 'decline') | null;
              decision_reasons: string[];
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              external_ref: string;
              final_decision: ('approve' | 'decline') | null;
              id: string;
              metadata: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              mode: 'live' | 'test';
              mrz_review: boolean;
              redacted_at: string | null;
              return_url: string | null;
              review: {
                /** @enum {string} */
                decision: 'approve' | 'decline';
                note: string;
                reviewed_at: string;
                reviewer_key_id: number | null;
                reviewer_member_id?: number;
              } | null;
              score: number | null;
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              url: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/verifications/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A verification with its decision, reasons, checks and audit log */
    get: {
      parameters: {
        query?: {
          /** @description Seconds to wait for the verification to be decided (or expire) before answering */
          wait?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              audit_log: {
                actor: string;
                at: string;
                detail: {
                  [key: string]: unknown;
                };
                event: string;
              }[];
              checks:
                | {
                    document: {
                      /** @enum {string} */
                      document_type?: 'drivers_license' | 'id_card' | 'passport';
                      reasons: (
                        | 'barcode_parse_failed'
                        | 'mandatory_elements_missing'
                        | 'document_expired'
                        | 'license_number_recompute_failed'
                        | 'document_front_back_mismatch'
                        | 'server_barcode_decode_unavailable'
                        | 'document_front_unavailable'
                        | 'mrz_unreadable'
                        | 'mrz_check_digit_failed'
                        | 'document_data_mismatch'
                        | 'mrz_unavailable'
                        | 'document_chip_not_read'
                      )[];
                      /** @enum {string} */
                      status: 'ok';
                    };
                    face_dedupe:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason: 'unavailable';
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    face_match:
                      | {
                          duration_ms: number;
                          similarity: number | null;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    liveness:
                      | {
                          duration_ms: number;
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    sanctions:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          outcome: 'match' | 'possible_match' | 'no_match';
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    signals?:
                      | {
                          batches: number;
                          collected_at: string;
                          components_count: number;
                          device_hash: string | null;
                          other_verifications_with_device: number;
                        }
                      | {
                          detail: string;
                          /** @enum {string} */
                          status: 'none';
                        };
                    /** @enum {boolean} */
                    test_mode?: true;
                  }
                | {
                    [key: string]: unknown;
                  };
              created_at: string;
              decided_at: string | null;
              decision: ('approve' | 'review' | 'decline') | null;
              decision_reasons: string[];
              doc_checks:
                | {
                    document:
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    face_dedupe:
                      | {
                          current_identity_known?: boolean;
                          listed?: {
                            entry_id: string;
                            similarity: number;
                          };
                          nearest?: {
                            identity_known: boolean;
                            similarity: number;
                            verification_id?: string;
                          };
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          search?: 'hnsw' | 'exact';
                          /** @enum {boolean} */
                          searched?: false;
                          /** @enum {string} */
                          skipped_because?: 'no_selfie_template';
                          /** @enum {string} */
                          test_mode?: 'forced';
                          threshold?: number;
                        }
                      | {
                          error: string;
                          /** @enum {string} */
                          reason: 'unavailable';
                        };
                    face_match:
                      | {
                          distance?: number;
                          min_portrait_face_px?: number;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          operating_distance: number;
                          portrait_faces: number;
                          portrait_quality?: {
                            face_height_px: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          };
                          reason?: string;
                          selfie_frames_matched?: {
                            distance: number;
                            face_height_px: number;
                            frame: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          }[];
                          selfie_frames_used: number;
                          threshold: number;
                        }
                      | {
                          /** @enum {string} */
                          reason: 'no_document_front';
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    liveness:
                      | {
                          challenge: {
                            action_window_ms?: number;
                            actions: (
                              | 'turn_left'
                              | 'turn_right'
                              | 'look_up'
                              | 'look_down'
                              | 'smile'
                              | 'blink'
                              | 'open_mouth'
                            )[];
                            failure: string | null;
                            id: string;
                            passed: boolean;
                            steps: {
                              /** @enum {string} */
                              action:
                                | 'turn_left'
                                | 'turn_right'
                                | 'look_up'
                                | 'look_down'
                                | 'smile'
                                | 'blink'
                                | 'open_mouth';
                              best: number | null;
                              frames: number[];
                              needed: number;
                              seen: boolean;
                            }[];
                          } | null;
                          components: {
                            deformation: number;
                            identity_consistent: boolean;
                            pose: number;
                          };
                          frame_notes?: string[];
                          frames: number;
                          frames_used: number;
                          measured: {
                            deformation: number;
                            max_distance_to_medoid: number;
                            pitch_range_deg: number;
                            yaw_range_deg: number;
                          };
                          models: {
                            name: string;
                            version: string;
                          }[];
                          motion_score: number;
                          reasons?: string[];
                          replayed_frames?: number[];
                          threshold: number;
                          weights: {
                            deformation: number;
                            pose: number;
                          };
                        }
                      | {
                          /** @enum {number} */
                          frames: 0;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          reasons: string[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    sanctions:
                      | {
                          document?: {
                            issuing_state: string | null;
                            nationality: string | null;
                          };
                          list_version: string;
                          list_versions: {
                            [key: string]: string;
                          };
                          matches: {
                            /** @enum {string} */
                            list: 'ofac' | 'un' | 'eu' | 'uk' | 'opensanctions';
                            matched_name: string;
                            name: string;
                            programs: string[];
                            query_reading: {
                              system: string;
                              text: string;
                            } | null;
                            reference: string | null;
                            score: number;
                            /** @enum {string} */
                            type: 'individual' | 'entity' | 'vessel' | 'aircraft';
                            uid: number;
                          }[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                  }
                | {
                    [key: string]: unknown;
                  };
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              external_ref: string;
              final_decision: ('approve' | 'decline') | null;
              id: string;
              metadata: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              mode: 'live' | 'test';
              mrz_review: boolean;
              redacted_at: string | null;
              return_url: string | null;
              review: {
                /** @enum {string} */
                decision: 'approve' | 'decline';
                note: string;
                reviewed_at: string;
                reviewer_key_id: number | null;
                reviewer_member_id?: number;
              } | null;
              score: number | null;
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              test_outcome: string[] | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/verifications/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End an open verification: status canceled, client tokens end, uploaded media are deleted; a repeat answers the same */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              audit_log: {
                actor: string;
                at: string;
                detail: {
                  [key: string]: unknown;
                };
                event: string;
              }[];
              checks:
                | {
                    document: {
                      /** @enum {string} */
                      document_type?: 'drivers_license' | 'id_card' | 'passport';
                      reasons: (
                        | 'barcode_parse_failed'
                        | 'mandatory_elements_missing'
                        | 'document_expired'
                        | 'license_number_recompute_failed'
                        | 'document_front_back_mismatch'
                        | 'server_barcode_decode_unavailable'
                        | 'document_front_unavailable'
                        | 'mrz_unreadable'
                        | 'mrz_check_digit_failed'
                        | 'document_data_mismatch'
                        | 'mrz_unavailable'
                        | 'document_chip_not_read'
                      )[];
                      /** @enum {string} */
                      status: 'ok';
                    };
                    face_dedupe:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason: 'unavailable';
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    face_match:
                      | {
                          duration_ms: number;
                          similarity: number | null;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    liveness:
                      | {
                          duration_ms: number;
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    sanctions:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          outcome: 'match' | 'possible_match' | 'no_match';
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    signals?:
                      | {
                          batches: number;
                          collected_at: string;
                          components_count: number;
                          device_hash: string | null;
                          other_verifications_with_device: number;
                        }
                      | {
                          detail: string;
                          /** @enum {string} */
                          status: 'none';
                        };
                    /** @enum {boolean} */
                    test_mode?: true;
                  }
                | {
                    [key: string]: unknown;
                  };
              created_at: string;
              decided_at: string | null;
              decision: ('approve' | 'review' | 'decline') | null;
              decision_reasons: string[];
              doc_checks:
                | {
                    document:
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    face_dedupe:
                      | {
                          current_identity_known?: boolean;
                          listed?: {
                            entry_id: string;
                            similarity: number;
                          };
                          nearest?: {
                            identity_known: boolean;
                            similarity: number;
                            verification_id?: string;
                          };
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          search?: 'hnsw' | 'exact';
                          /** @enum {boolean} */
                          searched?: false;
                          /** @enum {string} */
                          skipped_because?: 'no_selfie_template';
                          /** @enum {string} */
                          test_mode?: 'forced';
                          threshold?: number;
                        }
                      | {
                          error: string;
                          /** @enum {string} */
                          reason: 'unavailable';
                        };
                    face_match:
                      | {
                          distance?: number;
                          min_portrait_face_px?: number;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          operating_distance: number;
                          portrait_faces: number;
                          portrait_quality?: {
                            face_height_px: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          };
                          reason?: string;
                          selfie_frames_matched?: {
                            distance: number;
                            face_height_px: number;
                            frame: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          }[];
                          selfie_frames_used: number;
                          threshold: number;
                        }
                      | {
                          /** @enum {string} */
                          reason: 'no_document_front';
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    liveness:
                      | {
                          challenge: {
                            action_window_ms?: number;
                            actions: (
                              | 'turn_left'
                              | 'turn_right'
                              | 'look_up'
                              | 'look_down'
                              | 'smile'
                              | 'blink'
                              | 'open_mouth'
                            )[];
                            failure: string | null;
                            id: string;
                            passed: boolean;
                            steps: {
                              /** @enum {string} */
                              action:
                                | 'turn_left'
                                | 'turn_right'
                                | 'look_up'
                                | 'look_down'
                                | 'smile'
                                | 'blink'
                                | 'open_mouth';
                              best: number | null;
                              frames: number[];
                              needed: number;
                              seen: boolean;
                            }[];
                          } | null;
                          components: {
                            deformation: number;
                            identity_consistent: boolean;
                            pose: number;
                          };
                          frame_notes?: string[];
                          frames: number;
                          frames_used: number;
                          measured: {
                            deformation: number;
                            max_distance_to_medoid: number;
                            pitch_range_deg: number;
                            yaw_range_deg: number;
                          };
                          models: {
                            name: string;
                            version: string;
                          }[];
                          motion_score: number;
                          reasons?: string[];
                          replayed_frames?: number[];
                          threshold: number;
                          weights: {
                            deformation: number;
                            pose: number;
                          };
                        }
                      | {
                          /** @enum {number} */
                          frames: 0;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          reasons: string[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    sanctions:
                      | {
                          document?: {
                            issuing_state: string | null;
                            nationality: string | null;
                          };
                          list_version: string;
                          list_versions: {
                            [key: string]: string;
                          };
                          matches: {
                            /** @enum {string} */
                            list: 'ofac' | 'un' | 'eu' | 'uk' | 'opensanctions';
                            matched_name: string;
                            name: string;
                            programs: string[];
                            query_reading: {
                              system: string;
                              text: string;
                            } | null;
                            reference: string | null;
                            score: number;
                            /** @enum {string} */
                            type: 'individual' | 'entity' | 'vessel' | 'aircraft';
                            uid: number;
                          }[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                  }
                | {
                    [key: string]: unknown;
                  };
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              external_ref: string;
              final_decision: ('approve' | 'decline') | null;
              id: string;
              metadata: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              mode: 'live' | 'test';
              mrz_review: boolean;
              redacted_at: string | null;
              return_url: string | null;
              review: {
                /** @enum {string} */
                decision: 'approve' | 'decline';
                note: string;
                reviewed_at: string;
                reviewer_key_id: number | null;
                reviewer_member_id?: number;
              } | null;
              score: number | null;
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              test_outcome: string[] | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/verifications/{id}/client-token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mint a fresh client token for the same verification; progress is kept */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              client_token: string;
              expires_at: string;
              url: string;
              verification_id: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/verifications/{id}/client-token/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End every client token of the verification at once (a leaked link); idempotent, progress is kept */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              revoked_tokens: number;
              verification_id: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/verifications/{id}/media': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Presigned media URLs, valid 3600 s; call again to refresh */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              expires_at: string;
              items: {
                bytes: number;
                content_type: string;
                index: number;
                kind: string;
                url: string;
              }[];
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/verifications/{id}/redact': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Erase the media, face template and personal data; the decision and audit log stay (docs/privacy.md); idempotent */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              audit_log: {
                actor: string;
                at: string;
                detail: {
                  [key: string]: unknown;
                };
                event: string;
              }[];
              checks:
                | {
                    document: {
                      /** @enum {string} */
                      document_type?: 'drivers_license' | 'id_card' | 'passport';
                      reasons: (
                        | 'barcode_parse_failed'
                        | 'mandatory_elements_missing'
                        | 'document_expired'
                        | 'license_number_recompute_failed'
                        | 'document_front_back_mismatch'
                        | 'server_barcode_decode_unavailable'
                        | 'document_front_unavailable'
                        | 'mrz_unreadable'
                        | 'mrz_check_digit_failed'
                        | 'document_data_mismatch'
                        | 'mrz_unavailable'
                        | 'document_chip_not_read'
                      )[];
                      /** @enum {string} */
                      status: 'ok';
                    };
                    face_dedupe:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason: 'unavailable';
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    face_match:
                      | {
                          duration_ms: number;
                          similarity: number | null;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    liveness:
                      | {
                          duration_ms: number;
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    sanctions:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          outcome: 'match' | 'possible_match' | 'no_match';
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    signals?:
                      | {
                          batches: number;
                          collected_at: string;
                          components_count: number;
                          device_hash: string | null;
                          other_verifications_with_device: number;
                        }
                      | {
                          detail: string;
                          /** @enum {string} */
                          status: 'none';
                        };
                    /** @enum {boolean} */
                    test_mode?: true;
                  }
                | {
                    [key: string]: unknown;
                  };
              created_at: string;
              decided_at: string | null;
              decision: ('approve' | 'review' | 'decline') | null;
              decision_reasons: string[];
              doc_checks:
                | {
                    document:
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    face_dedupe:
                      | {
                          current_identity_known?: boolean;
                          listed?: {
                            entry_id: string;
                            similarity: number;
                          };
                          nearest?: {
                            identity_known: boolean;
                            similarity: number;
                            verification_id?: string;
                          };
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          search?: 'hnsw' | 'exact';
                          /** @enum {boolean} */
                          searched?: false;
                          /** @enum {string} */
                          skipped_because?: 'no_selfie_template';
                          /** @enum {string} */
                          test_mode?: 'forced';
                          threshold?: number;
                        }
                      | {
                          error: string;
                          /** @enum {string} */
                          reason: 'unavailable';
                        };
                    face_match:
                      | {
                          distance?: number;
                          min_portrait_face_px?: number;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          operating_distance: number;
                          portrait_faces: number;
                          portrait_quality?: {
                            face_height_px: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          };
                          reason?: string;
                          selfie_frames_matched?: {
                            distance: number;
                            face_height_px: number;
                            frame: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          }[];
                          selfie_frames_used: number;
                          threshold: number;
                        }
                      | {
                          /** @enum {string} */
                          reason: 'no_document_front';
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    liveness:
                      | {
                          challenge: {
                            action_window_ms?: number;
                            actions: (
                              | 'turn_left'
                              | 'turn_right'
                              | 'look_up'
                              | 'look_down'
                              | 'smile'
                              | 'blink'
                              | 'open_mouth'
                            )[];
                            failure: string | null;
                            id: string;
                            passed: boolean;
                            steps: {
                              /** @enum {string} */
                              action:
                                | 'turn_left'
                                | 'turn_right'
                                | 'look_up'
                                | 'look_down'
                                | 'smile'
                                | 'blink'
                                | 'open_mouth';
                              best: number | null;
                              frames: number[];
                              needed: number;
                              seen: boolean;
                            }[];
                          } | null;
                          components: {
                            deformation: number;
                            identity_consistent: boolean;
                            pose: number;
                          };
                          frame_notes?: string[];
                          frames: number;
                          frames_used: number;
                          measured: {
                            deformation: number;
                            max_distance_to_medoid: number;
                            pitch_range_deg: number;
                            yaw_range_deg: number;
                          };
                          models: {
                            name: string;
                            version: string;
                          }[];
                          motion_score: number;
                          reasons?: string[];
                          replayed_frames?: number[];
                          threshold: number;
                          weights: {
                            deformation: number;
                            pose: number;
                          };
                        }
                      | {
                          /** @enum {number} */
                          frames: 0;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          reasons: string[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    sanctions:
                      | {
                          document?: {
                            issuing_state: string | null;
                            nationality: string | null;
                          };
                          list_version: string;
                          list_versions: {
                            [key: string]: string;
                          };
                          matches: {
                            /** @enum {string} */
                            list: 'ofac' | 'un' | 'eu' | 'uk' | 'opensanctions';
                            matched_name: string;
                            name: string;
                            programs: string[];
                            query_reading: {
                              system: string;
                              text: string;
                            } | null;
                            reference: string | null;
                            score: number;
                            /** @enum {string} */
                            type: 'individual' | 'entity' | 'vessel' | 'aircraft';
                            uid: number;
                          }[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                  }
                | {
                    [key: string]: unknown;
                  };
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              external_ref: string;
              final_decision: ('approve' | 'decline') | null;
              id: string;
              metadata: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              mode: 'live' | 'test';
              mrz_review: boolean;
              redacted_at: string | null;
              return_url: string | null;
              review: {
                /** @enum {string} */
                decision: 'approve' | 'decline';
                note: string;
                reviewed_at: string;
                reviewer_key_id: number | null;
                reviewer_member_id?: number;
              } | null;
              score: number | null;
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              test_outcome: string[] | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/verifications/{id}/review': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Record a person’s decision on a verification decided review (docs/review.md) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            decision: 'approve' | 'decline';
            note: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              audit_log: {
                actor: string;
                at: string;
                detail: {
                  [key: string]: unknown;
                };
                event: string;
              }[];
              checks:
                | {
                    document: {
                      /** @enum {string} */
                      document_type?: 'drivers_license' | 'id_card' | 'passport';
                      reasons: (
                        | 'barcode_parse_failed'
                        | 'mandatory_elements_missing'
                        | 'document_expired'
                        | 'license_number_recompute_failed'
                        | 'document_front_back_mismatch'
                        | 'server_barcode_decode_unavailable'
                        | 'document_front_unavailable'
                        | 'mrz_unreadable'
                        | 'mrz_check_digit_failed'
                        | 'document_data_mismatch'
                        | 'mrz_unavailable'
                        | 'document_chip_not_read'
                      )[];
                      /** @enum {string} */
                      status: 'ok';
                    };
                    face_dedupe:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          reason: 'unavailable';
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    face_match:
                      | {
                          duration_ms: number;
                          similarity: number | null;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    liveness:
                      | {
                          duration_ms: number;
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                          threshold: number;
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    sanctions:
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          outcome: 'match' | 'possible_match' | 'no_match';
                          score: number;
                          /** @enum {string} */
                          status: 'ok';
                        }
                      | {
                          duration_ms: number;
                          /** @enum {string} */
                          status: 'unavailable';
                        };
                    signals?:
                      | {
                          batches: number;
                          collected_at: string;
                          components_count: number;
                          device_hash: string | null;
                          other_verifications_with_device: number;
                        }
                      | {
                          detail: string;
                          /** @enum {string} */
                          status: 'none';
                        };
                    /** @enum {boolean} */
                    test_mode?: true;
                  }
                | {
                    [key: string]: unknown;
                  };
              created_at: string;
              decided_at: string | null;
              decision: ('approve' | 'review' | 'decline') | null;
              decision_reasons: string[];
              doc_checks:
                | {
                    document:
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          browser_barcode: 'absent' | 'agrees_with_server' | 'disagrees_with_server' | 'used';
                          decode_source: ('server' | 'browser') | null;
                          document: {
                            aamva_version: number;
                            address: {
                              city: string | null;
                              jurisdiction_code: string | null;
                              postal_code: string | null;
                              street1: string | null;
                              street2: string | null;
                            };
                            country: string | null;
                            expiry: string | null;
                            iin: string;
                            issue_date: string | null;
                            jurisdiction: string | null;
                            jurisdiction_name: string | null;
                            jurisdiction_version: number | null;
                            license_number: string | null;
                            truncation: {
                              first_name: ('T' | 'N' | 'U') | null;
                              last_name: ('T' | 'N' | 'U') | null;
                              middle_name: ('T' | 'N' | 'U') | null;
                            };
                            /** @enum {string} */
                            type: 'DL' | 'ID';
                          } | null;
                          /** @enum {string} */
                          document_type?: 'drivers_license';
                          expired: boolean | null;
                          front?:
                            | {
                                duration_ms: number;
                                fields: {
                                  dob: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  expiry: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  given_names: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  last_name: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                  license_number: {
                                    agrees: boolean | null;
                                    barcode: string | null;
                                    confidence: number | null;
                                    read: string | null;
                                  };
                                };
                                lines_read: number;
                                min_confidence: number;
                                mismatched: ('dob' | 'license_number')[];
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                /** @enum {string} */
                                status: 'compared' | 'unreadable';
                              }
                            | {
                                reason: string;
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          license_number:
                            | (
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    status: 'not_applicable';
                                  }
                                | {
                                    reason: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'skipped';
                                  }
                                | {
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'match';
                                  }
                                | {
                                    actual: string;
                                    disagreeing: (
                                      | 'surname_code'
                                      | 'first_middle_code'
                                      | 'birth_year'
                                      | 'day_code'
                                      | 'format'
                                    )[];
                                    expected_prefix: string;
                                    /** @enum {string} */
                                    scheme: 'FL' | 'IL' | 'WI';
                                    /** @enum {string} */
                                    status: 'mismatch';
                                  }
                              )
                            | null;
                          missing_elements: string[];
                          parse:
                            | {
                                /** @enum {boolean} */
                                ok: true;
                                tolerated: string[];
                              }
                            | {
                                error: string;
                                message: string;
                                /** @enum {boolean} */
                                ok: false;
                              };
                          server_decode: {
                            duration_ms?: number;
                            error?: string;
                            /** @enum {string} */
                            status: 'ok' | 'not_found' | 'unavailable';
                            strategy?: string;
                          };
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                          /** @enum {string} */
                          test_mode: 'forced';
                        }
                      | {
                          /** @enum {string} */
                          document_type: 'passport' | 'id_card';
                          expired: boolean | null;
                          identity: {
                            dob: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            middle_name: string | null;
                          } | null;
                          mrz:
                            | {
                                birth_date: string | null;
                                check_digits: {
                                  birth_date: boolean;
                                  composite: boolean | null;
                                  document_number: boolean;
                                  expiry_date: boolean;
                                  optional_data: boolean | null;
                                };
                                confidence: number;
                                corrections: number;
                                document_code: string;
                                document_number: string;
                                duration_ms: number;
                                expired: boolean | null;
                                expiry_date: string | null;
                                /** @enum {string} */
                                format: 'TD1' | 'TD2' | 'TD3';
                                given_names: string;
                                issuing_state: string;
                                models: {
                                  name: string;
                                  version: string;
                                }[];
                                names_truncated: boolean;
                                nationality: string;
                                optional_data: string | null;
                                sex: ('M' | 'F' | 'X') | null;
                                /** @enum {string} */
                                status: 'read';
                                surname: string;
                                valid: boolean;
                                visual_zone: {
                                  fields: {
                                    [key: string]: {
                                      agrees: boolean | null;
                                      confidence: number | null;
                                      mrz: string | null;
                                      read: string | null;
                                    };
                                  };
                                  min_confidence: number;
                                  mismatched: (
                                    | 'surname'
                                    | 'given_names'
                                    | 'birth_date'
                                    | 'document_number'
                                    | 'expiry_date'
                                  )[];
                                };
                              }
                            | {
                                error?: string;
                                /** @enum {string} */
                                reason: 'no_zone_found' | 'invalid_image';
                                /** @enum {string} */
                                status: 'unreadable';
                              }
                            | {
                                error: string;
                                /** @enum {string} */
                                status: 'unavailable';
                              }
                            | {
                                /** @enum {string} */
                                reason: 'no_document_image' | 'ml_disabled';
                                /** @enum {string} */
                                status: 'not_compared';
                              };
                          mrz_side: ('front' | 'back') | null;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    face_dedupe:
                      | {
                          current_identity_known?: boolean;
                          listed?: {
                            entry_id: string;
                            similarity: number;
                          };
                          nearest?: {
                            identity_known: boolean;
                            similarity: number;
                            verification_id?: string;
                          };
                          /** @enum {string} */
                          reason:
                            | 'returning_customer'
                            | 'below_threshold'
                            | 'no_matches'
                            | 'face_duplicate_different_identity'
                            | 'face_seen_before';
                          /** @enum {string} */
                          search?: 'hnsw' | 'exact';
                          /** @enum {boolean} */
                          searched?: false;
                          /** @enum {string} */
                          skipped_because?: 'no_selfie_template';
                          /** @enum {string} */
                          test_mode?: 'forced';
                          threshold?: number;
                        }
                      | {
                          error: string;
                          /** @enum {string} */
                          reason: 'unavailable';
                        };
                    face_match:
                      | {
                          distance?: number;
                          min_portrait_face_px?: number;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          operating_distance: number;
                          portrait_faces: number;
                          portrait_quality?: {
                            face_height_px: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          };
                          reason?: string;
                          selfie_frames_matched?: {
                            distance: number;
                            face_height_px: number;
                            frame: number;
                            pitch_deg: number | null;
                            sharpness: number | null;
                            yaw_deg: number | null;
                          }[];
                          selfie_frames_used: number;
                          threshold: number;
                        }
                      | {
                          /** @enum {string} */
                          reason: 'no_document_front';
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    liveness:
                      | {
                          challenge: {
                            action_window_ms?: number;
                            actions: (
                              | 'turn_left'
                              | 'turn_right'
                              | 'look_up'
                              | 'look_down'
                              | 'smile'
                              | 'blink'
                              | 'open_mouth'
                            )[];
                            failure: string | null;
                            id: string;
                            passed: boolean;
                            steps: {
                              /** @enum {string} */
                              action:
                                | 'turn_left'
                                | 'turn_right'
                                | 'look_up'
                                | 'look_down'
                                | 'smile'
                                | 'blink'
                                | 'open_mouth';
                              best: number | null;
                              frames: number[];
                              needed: number;
                              seen: boolean;
                            }[];
                          } | null;
                          components: {
                            deformation: number;
                            identity_consistent: boolean;
                            pose: number;
                          };
                          frame_notes?: string[];
                          frames: number;
                          frames_used: number;
                          measured: {
                            deformation: number;
                            max_distance_to_medoid: number;
                            pitch_range_deg: number;
                            yaw_range_deg: number;
                          };
                          models: {
                            name: string;
                            version: string;
                          }[];
                          motion_score: number;
                          reasons?: string[];
                          replayed_frames?: number[];
                          threshold: number;
                          weights: {
                            deformation: number;
                            pose: number;
                          };
                        }
                      | {
                          /** @enum {number} */
                          frames: 0;
                          models: {
                            name: string;
                            version: string;
                          }[];
                          reasons: string[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                    sanctions:
                      | {
                          document?: {
                            issuing_state: string | null;
                            nationality: string | null;
                          };
                          list_version: string;
                          list_versions: {
                            [key: string]: string;
                          };
                          matches: {
                            /** @enum {string} */
                            list: 'ofac' | 'un' | 'eu' | 'uk' | 'opensanctions';
                            matched_name: string;
                            name: string;
                            programs: string[];
                            query_reading: {
                              system: string;
                              text: string;
                            } | null;
                            reference: string | null;
                            score: number;
                            /** @enum {string} */
                            type: 'individual' | 'entity' | 'vessel' | 'aircraft';
                            uid: number;
                          }[];
                        }
                      | {
                          error: string;
                        }
                      | {
                          /** @enum {string} */
                          test_mode: 'forced';
                        };
                  }
                | {
                    [key: string]: unknown;
                  };
              document_type: ('drivers_license' | 'id_card' | 'passport') | null;
              document_types: ('drivers_license' | 'id_card' | 'passport')[];
              expires_at: string;
              external_ref: string;
              final_decision: ('approve' | 'decline') | null;
              id: string;
              metadata: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              mode: 'live' | 'test';
              mrz_review: boolean;
              redacted_at: string | null;
              return_url: string | null;
              review: {
                /** @enum {string} */
                decision: 'approve' | 'decline';
                note: string;
                reviewed_at: string;
                reviewer_key_id: number | null;
                reviewer_member_id?: number;
              } | null;
              score: number | null;
              /** @enum {string} */
              status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | 'canceled';
              test_outcome: string[] | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the calling key's active webhook endpoints */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              active: boolean;
              events: string[];
              id: number;
              url: string;
            }[];
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Register a webhook endpoint (its signing secret is returned once) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            events: string[];
            url: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              active: boolean;
              events: string[];
              id: number;
              secret: string;
              url: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{endpoint_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete (deactivate) an endpoint: deliveries stop and pending ones are cancelled */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpoint_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{endpoint_id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An endpoint's deliveries with every attempt, newest first; page with starting_after=<next_cursor> */
    get: {
      parameters: {
        query?: {
          limit?: number;
          starting_after?: string;
        };
        header?: never;
        path: {
          endpoint_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data: {
                attempt_count: number;
                attempts: {
                  attempt: number;
                  attempted_at: string;
                  error: string | null;
                  latency_ms: number;
                  response_excerpt: string | null;
                  status_code: number | null;
                }[];
                completed_at: string | null;
                created_at: string;
                endpoint_id: number;
                event: string;
                event_id: string;
                id: number;
                next_attempt_at: string | null;
                /** @enum {string} */
                status: 'pending' | 'delivered' | 'failed' | 'cancelled';
                verification_id: string | null;
              }[];
              has_more: boolean;
              next_cursor: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{endpoint_id}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send the endpoint the events of a time range again (default: all kept, the last 30 days); delivered ones are not sent twice */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path: {
          endpoint_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Inclusive; UTC when no zone is given */
            created_after?: string;
            /** @description Exclusive; UTC when no zone is given */
            created_before?: string;
            types?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              from: string;
              redelivered: number;
              to: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail:
                | string
                | {
                    loc: (string | number)[];
                    msg: string;
                    type: string;
                  }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/deliveries/{delivery_id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a delivery again, with a fresh run of attempts */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Up to 255 characters; a retry with the same key and body within 24 h returns the first answer (marked Idempotent-Replayed: true) without acting again */
          'idempotency-key'?: string;
        };
        path: {
          delivery_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              attempt_count: number;
              attempts: {
                attempt: number;
                attempted_at: string;
                error: string | null;
                latency_ms: number;
                response_excerpt: string | null;
                status_code: number | null;
              }[];
              completed_at: string | null;
              created_at: string;
              endpoint_id: number;
              event: string;
              event_id: string;
              id: number;
              next_attempt_at: string | null;
              /** @enum {string} */
              status: 'pending' | 'delivered' | 'failed' | 'cancelled';
              verification_id: string | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
        /** @description Default Response */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              detail: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: never;
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
