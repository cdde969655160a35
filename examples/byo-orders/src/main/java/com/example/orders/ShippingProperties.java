package com.example.orders;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the shipping service answers quotes ({@code shipping.quote-url}, e.g. from the environment
 * variable SHIPPING_QUOTE_URL) and how long a quote may take.
 */
@ConfigurationProperties("shipping")
record ShippingProperties(URI quoteUrl, Duration timeout) {}
