CREATE TABLE users (id bigint AUTO_INCREMENT PRIMARY KEY, email varchar(255) NOT NULL, UNIQUE KEY users_email (email));
