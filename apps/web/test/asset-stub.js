// Styles and images mean nothing under jsdom: an empty module stands in for them.
module.exports = {};
