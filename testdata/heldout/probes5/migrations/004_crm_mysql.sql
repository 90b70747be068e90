-- Knowledge base and CRM sync tables. These live in the legacy MySQL
-- database and are accessed through xorm.

CREATE TABLE kb_articles (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    workspace_id  BIGINT       NOT NULL,
    category_id   BIGINT       NOT NULL DEFAULT 0,
    slug          VARCHAR(191) NOT NULL,
    title         VARCHAR(255) NOT NULL,
    body          MEDIUMTEXT   NOT NULL,
    helpful_count INT          NOT NULL DEFAULT 0,
    view_count    INT          NOT NULL DEFAULT 0,
    published     TINYINT(1)   NOT NULL DEFAULT 0,
    created_at    DATETIME     NOT NULL,
    updated_at    DATETIME     NOT NULL,
    UNIQUE KEY kb_articles_ws_slug (workspace_id, slug)
) ENGINE=InnoDB;

CREATE TABLE kb_categories (
    id           BIGINT AUTO_INCREMENT PRIMARY KEY,
    workspace_id BIGINT       NOT NULL,
    name         VARCHAR(191) NOT NULL,
    position     INT          NOT NULL DEFAULT 0,
    created_at   DATETIME     NOT NULL,
    UNIQUE KEY kb_categories_ws_name (workspace_id, name)
) ENGINE=InnoDB;

CREATE TABLE crm_organizations (
    id           BIGINT AUTO_INCREMENT PRIMARY KEY,
    workspace_id BIGINT       NOT NULL,
    name         VARCHAR(255) NOT NULL,
    crm_ref      VARCHAR(191) NOT NULL DEFAULT '',
    synced_at    DATETIME     NULL
) ENGINE=InnoDB;

-- A contact may be linked more than once in principle (one link per CRM
-- pipeline), so contact_id is only indexed.
CREATE TABLE crm_links (
    id           BIGINT AUTO_INCREMENT PRIMARY KEY,
    workspace_id BIGINT       NOT NULL,
    contact_id   BIGINT       NOT NULL,
    org_id       BIGINT       NOT NULL DEFAULT 0,
    crm_ref      VARCHAR(191) NOT NULL,
    created_at   DATETIME     NOT NULL,
    KEY crm_links_contact (contact_id)
) ENGINE=InnoDB;

CREATE TABLE surveys (
    id           BIGINT AUTO_INCREMENT PRIMARY KEY,
    workspace_id BIGINT       NOT NULL,
    ticket_id    BIGINT       NOT NULL,
    email        VARCHAR(255) NOT NULL,
    kind         VARCHAR(32)  NOT NULL,
    sent         TINYINT(1)   NOT NULL DEFAULT 0,
    sent_at      DATETIME     NULL,
    created_at   DATETIME     NOT NULL,
    KEY surveys_pending (sent, created_at)
) ENGINE=InnoDB;
